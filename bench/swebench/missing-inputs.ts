import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { mirrorPath } from "./mirror-path.js";
import type { BenchArgs, SettingSource } from "./bench-args.js";

/** The public data set the instances come from. */
export const SWEBENCH_DATASET_URL =
  "https://huggingface.co/datasets/princeton-nlp/SWE-bench";

/**
 * The commands that write SWE-bench Lite's test split (300 instances) to
 * `path` as JSON lines, one instance a line, with Hugging Face's `datasets`.
 *
 * @example
 * howToGetInstances("bench/data/swebench.jsonl")
 * // "  pip install datasets\n  mkdir -p bench/data\n  python -c \"…to_json('bench/data/swebench.jsonl')\""
 */
export function howToGetInstances(path: string): string {
  return [
    "  pip install datasets",
    `  mkdir -p ${dirname(path)}`,
    `  python -c "from datasets import load_dataset; load_dataset('princeton-nlp/SWE-bench_Lite', split='test').to_json('${path}')"`,
  ].join("\n");
}

/**
 * One `git clone --mirror` per repository, into the directory the harness
 * will look in. A bare mirror holds every commit, so any base commit can be read.
 *
 * @example
 * howToMirror("bench/mirrors", ["psf/requests"], "{owner}+{name}/repo")
 * // "  git clone --mirror https://github.com/psf/requests.git bench/mirrors/psf+requests/repo"
 */
export function howToMirror(
  mirrors: string,
  repos: readonly string[],
  layout: string,
): string {
  return repos
    .map(
      (repo) =>
        `  git clone --mirror https://github.com/${repo}.git ${mirrorPath(mirrors, repo, layout)}`,
    )
    .join("\n");
}

/**
 * Why the instances file cannot be read, or `undefined` when it is a file.
 * Checked before anything else, so a first run without data says what to
 * fetch instead of failing with ENOENT.
 */
export function missingDataMessage(
  args: Pick<BenchArgs, "data" | "dataFrom">,
): string | undefined {
  const path = resolve(args.data);
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    isFile = false;
  }
  if (isFile) return undefined;
  return (
    `No SWE-bench instances at ${path} (${describeSource(args.dataFrom, "--data", "SWEBENCH_DATA")}).\n` +
    `Put them there as JSON lines, one instance a line, or point --data FILE or SWEBENCH_DATA at them.\n` +
    `The public data set is ${SWEBENCH_DATASET_URL}; to write its Lite split there:\n` +
    `${howToGetInstances(args.data)}\n` +
    `Then mirror the repositories it names (npm run bench:swebench -- --help says how).\n`
  );
}

/**
 * What to do about repositories with no mirror: where the harness looked,
 * and the clone command for each one.
 */
export function missingMirrorsMessage(
  args: Pick<BenchArgs, "mirrors" | "mirrorsFrom" | "mirrorLayout">,
  missing: readonly string[],
): string {
  const where = resolve(args.mirrors);
  return (
    `No git mirror for ${missing.join(", ")} below ${where} ` +
    `(${describeSource(args.mirrorsFrom, "--mirrors", "SWEBENCH_MIRRORS")}; layout "${args.mirrorLayout}", see --mirror-layout).\n` +
    `Each instance is read at its base commit from a bare clone of its repository:\n` +
    `${howToMirror(args.mirrors, missing, args.mirrorLayout)}\n` +
    `Or point --mirrors DIR or SWEBENCH_MIRRORS, and --mirror-layout, at mirrors you already have.\n`
  );
}

function describeSource(
  from: SettingSource,
  option: string,
  variable: string,
): string {
  if (from === "option") return `set by ${option}`;
  if (from === "environment") return `set by ${variable}`;
  return `the default; ${option} or ${variable} changes it`;
}
