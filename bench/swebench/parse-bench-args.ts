import { parseArgs } from "node:util";
import { EVAL_BUDGETS } from "../../src/eval/eval-budgets.js";
import { DEFAULT_MIRROR_LAYOUT } from "./mirror-path.js";
import type { BenchArgs, SettingSource } from "./bench-args.js";
import { howToGetInstances, SWEBENCH_DATASET_URL } from "./missing-inputs.js";
import { splitOption } from "../train/read-split.js";
import { positiveInteger } from "./positive-integer-arg.js";
import {
  CHUNK_OPTION_FLAGS,
  CHUNK_OPTIONS_USAGE,
  chunkOptionsFromFlags,
} from "./chunk-options-arg.js";

export type { BenchArgs, SettingSource };

/** Where the instances are when neither `--data` nor `SWEBENCH_DATA` says (git ignores it). */
export const DEFAULT_DATA = "bench/data/swebench.jsonl";
/** Where the git mirrors are when neither `--mirrors` nor `SWEBENCH_MIRRORS` says (git ignores it). */
export const DEFAULT_MIRRORS = "bench/mirrors";

export const BENCH_USAGE = `Usage: npm run bench:swebench -- [options]

Measures askcode's retrieval and packing against SWE-bench's BM25 baseline on
issues from a JSONL file, reading each repository at its base commit from a git mirror.
Relative paths are read from the repository's root (where npm runs the script).

  --data FILE            instances, one JSON object a line (default $SWEBENCH_DATA,
                         else ${DEFAULT_DATA})
  --mirrors DIR          directory holding the git mirrors (default $SWEBENCH_MIRRORS,
                         else ${DEFAULT_MIRRORS})
  --mirror-layout PATH   a mirror's path below DIR; {owner}, {name}, {repo} are filled in
                         (default "${DEFAULT_MIRROR_LAYOUT}")
  --budgets LIST         token budgets, comma-separated (default ${EVAL_BUDGETS.join(",")})
  --repo OWNER/NAME      only this repository's instances
  --split FILE           a split by repository ({"held-out": [repos], "training": [repos]},
                         e.g. bench/train/split.json); with --part
  --part held-out|training
                         only the rows of this part's repositories
  --instance ID          only this instance (repeatable)
  --limit N              at most N instances
  --per-repo N           at most N instances of each repository (the first in the file)
  --out FILE             where the JSON goes (default bench/results/swebench.json)
  --model NAME           the model whose tokenizer counts the budget (default gpt-4o)
  --via local|github     github: also run each instance through askcode's own GitHub read
                         path against a stand-in serving the mirror on loopback (default local)
  --candidates           with --via github: force candidates mode (snapshot cap 0)
  --warm-index           keep what indexing derives per blob (chunks, term counts) across
                         instances, as the app's derived cache does across questions: a
                         repository's unchanged files are parsed once (index times are then warm)
  --lazy-index           index each instance for its question in two stages: every file cut
                         without its syntax tree, then trees only for the files that can
                         reach the context (indexForOneQuestion)
  --lazy-top-files N     with --lazy-index: parse the files of the first pass's best chunks
                         up to N distinct files (default 100)
${CHUNK_OPTIONS_USAGE}
                         (with --warm-index, derivations are held per cut: none is reused
                         across cuts)
  --no-history           read no mirror's history: packing's co-change tier is off (by
                         default each question reads its base commit and the 1,999 commits
                         before it, never after: the fix would leak)
  --map-share X          keep this share of each budget (0 to 0.5) for the map: the
                         signature lines of the files after those shown with a body
  --chunk-model          pack in the order of the shipped chunk model: askcode's default
                         since it was turned on (kept so older commands run); rank order
                         is measured with --variants and {"off": {"chunkModel": false}}
  --variants FILE        also pack each question's one ranking under these packing options
                         (JSON: {"name": {"chunkModel": false|true|{"newFile","cost","strong"},
                         "mapShare", "compressBelow", …}}, each over the run's own) and write
                         each variant's results beside --out as OUT.<name>.json; with
                         {"chunkModel": {"weights": FILE}} a whole model (fit:weights
                         --chunk-model --out's FILE) packs instead of the shipped one
  --weights FILE         rank with these evidence weights (JSON, {"caller": 0.2, …}) over the
                         fitted ones (src/retrieval/rank/fitted-weights.ts)
  --bridge-weight X      expand questions with the shipped vocabulary bridge at this weight
                         (0 to 1; 0: no bridge; src/retrieval/query/vocabulary-bridge-table.ts)
  --bridge-cap N         with the bridge: at most N bridged terms per question
  --repo-at MIRROR@REF   question this mirror from its own history instead of --data
                         (repeatable; a proxy, see the README)
  --history N            questions per --repo-at repository (default 10)
  -h, --help             this text

Instances: rows of the public SWE-bench data set (${SWEBENCH_DATASET_URL}),
as JSON lines. Each row needs instance_id, repo, base_commit, problem_statement, and
the fix as "patch" (the gold files and hunks are read from it) or as gold_files and
gold_hunks. To write SWE-bench Lite's 300 test instances to the default path:
${howToGetInstances(DEFAULT_DATA)}

Mirrors: one bare clone per repository the instances name, at the layout above:
  git clone --mirror https://github.com/psf/requests.git ${DEFAULT_MIRRORS}/psf+requests/repo
`;

/**
 * Parses the harness's command line. Throws with the usage for anything it
 * does not understand, so a typo never runs an hour-long job with defaults.
 *
 * @example
 * parseBenchArgs(["--budgets", "13000", "--repo", "psf/requests"]).budgets // [13000]
 */
export function parseBenchArgs(
  argv: string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): BenchArgs {
  const { values } = parseOptions(argv);
  const budgets = values.budgets.split(",").map((b) => Number(b.trim()));
  if (
    budgets.length === 0 ||
    budgets.some((b) => !Number.isInteger(b) || b <= 0)
  ) {
    throw new Error(
      `--budgets must be positive integers separated by commas, got "${values.budgets}".\n\n${BENCH_USAGE}`,
    );
  }
  // A count option, its usage said beside a bad value.
  const count = (name: string, value: string | undefined) =>
    positiveInteger(name, value, { usage: BENCH_USAGE });
  const limit = count("--limit", values.limit);
  const perRepo = count("--per-repo", values["per-repo"]);
  const lazyTopFiles = count("--lazy-top-files", values["lazy-top-files"]);
  const mapShare =
    values["map-share"] === undefined ? undefined : Number(values["map-share"]);
  if (mapShare !== undefined && !(mapShare >= 0 && mapShare <= 0.5))
    throw new Error(
      `--map-share must be a number from 0 to 0.5, got "${values["map-share"]}".\n\n${BENCH_USAGE}`,
    );
  const bridgeWeight =
    values["bridge-weight"] === undefined
      ? undefined
      : Number(values["bridge-weight"]);
  if (bridgeWeight !== undefined && !(bridgeWeight >= 0 && bridgeWeight <= 1))
    throw new Error(
      `--bridge-weight must be a number from 0 to 1, got "${values["bridge-weight"]}".\n\n${BENCH_USAGE}`,
    );
  const bridgeCap = count("--bridge-cap", values["bridge-cap"]);
  const via = values.via;
  if (via !== "local" && via !== "github")
    throw new Error(
      `--via must be "local" or "github", got "${via}".\n\n${BENCH_USAGE}`,
    );
  if (values.candidates && via !== "github")
    throw new Error(
      `--candidates needs --via github: the local mode has no snapshot cap.\n\n${BENCH_USAGE}`,
    );
  const repoAt = (values["repo-at"] ?? []).map((value) => {
    const at = value.lastIndexOf("@");
    const mirror = value.slice(0, at);
    const commit = value.slice(at + 1);
    if (at <= 0 || !commit)
      throw new Error(
        `--repo-at must be MIRROR@REF (a git mirror and a commit or branch), got "${value}".\n\n${BENCH_USAGE}`,
      );
    return { mirror, commit };
  });
  let split: BenchArgs["split"];
  try {
    split = splitOption(values.split, values.part);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${BENCH_USAGE}`);
  }
  const historyQuestions = Number(values.history);
  if (!Number.isInteger(historyQuestions) || historyQuestions <= 0)
    throw new Error(
      `--history must be a positive integer, got "${values.history}".\n\n${BENCH_USAGE}`,
    );
  let chunk: BenchArgs["chunk"];
  try {
    chunk = chunkOptionsFromFlags(values);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${BENCH_USAGE}`);
  }
  if (chunk && via === "github")
    throw new Error(
      `--chunk-max-tokens and --chunk-merge-tokens cut the local index only: the GitHub path indexes as the app does.\n\n${BENCH_USAGE}`,
    );
  const data = pathSetting(values.data, env.SWEBENCH_DATA, DEFAULT_DATA);
  const mirrors = pathSetting(
    values.mirrors,
    env.SWEBENCH_MIRRORS,
    DEFAULT_MIRRORS,
  );
  return {
    data: data.path,
    dataFrom: data.from,
    mirrors: mirrors.path,
    mirrorsFrom: mirrors.from,
    mirrorLayout: values["mirror-layout"],
    budgets: [...new Set(budgets)].sort((a, b) => a - b),
    ...(values.repo !== undefined ? { repo: values.repo } : {}),
    ...(split !== undefined ? { split } : {}),
    instances: values.instance ?? [],
    ...(limit !== undefined ? { limit } : {}),
    ...(perRepo !== undefined ? { perRepo } : {}),
    out: values.out,
    model: values.model,
    via,
    candidates: values.candidates,
    warmIndex: values["warm-index"],
    lazyIndex: values["lazy-index"],
    history: !values["no-history"],
    ...(lazyTopFiles !== undefined ? { lazyTopFiles } : {}),
    ...(chunk ? { chunk } : {}),
    ...(mapShare !== undefined ? { mapShare } : {}),
    ...(values.weights !== undefined ? { weights: values.weights } : {}),
    ...(values.variants !== undefined ? { variants: values.variants } : {}),
    chunkModel: values["chunk-model"],
    ...(bridgeWeight !== undefined ? { bridgeWeight } : {}),
    ...(bridgeCap !== undefined ? { bridgeCap } : {}),
    repoAt,
    historyQuestions,
    help: values.help,
  };
}

/** An optional count option's value; throws with the usage when it is not a positive integer. */
/** The option when given, else the environment variable when set and not empty, else the default. */
function pathSetting(
  option: string | undefined,
  environment: string | undefined,
  fallback: string,
): { path: string; from: SettingSource } {
  if (option !== undefined) return { path: option, from: "option" };
  if (environment) return { path: environment, from: "environment" };
  return { path: fallback, from: "default" };
}

// node:util's message ("Unknown option '--dat'") alone does not say what would be understood.
function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        data: { type: "string" },
        mirrors: { type: "string" },
        "mirror-layout": { type: "string", default: DEFAULT_MIRROR_LAYOUT },
        budgets: { type: "string", default: EVAL_BUDGETS.join(",") },
        repo: { type: "string" },
        split: { type: "string" },
        part: { type: "string" },
        instance: { type: "string", multiple: true },
        limit: { type: "string" },
        "per-repo": { type: "string" },
        out: { type: "string", default: "bench/results/swebench.json" },
        model: { type: "string", default: "gpt-4o" },
        via: { type: "string", default: "local" },
        candidates: { type: "boolean", default: false },
        "warm-index": { type: "boolean", default: false },
        "lazy-index": { type: "boolean", default: false },
        "no-history": { type: "boolean", default: false },
        "lazy-top-files": { type: "string" },
        ...CHUNK_OPTION_FLAGS,
        "map-share": { type: "string" },
        weights: { type: "string" },
        variants: { type: "string" },
        "bridge-weight": { type: "string" },
        "chunk-model": { type: "boolean", default: false },
        "bridge-cap": { type: "string" },
        "repo-at": { type: "string", multiple: true },
        history: { type: "string", default: "10" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${BENCH_USAGE}`);
  }
}
