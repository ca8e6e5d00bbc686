// What both history studies (bench:history, bench:history-fit) read from
// their command line: the same options, the rows chosen as bench:swebench
// chooses them, and where their mirrors are.
import type { Instance } from "../../src/eval/instance.js";
import { loadInstances, selectInstances } from "../swebench/load-instances.js";
import { partRepositories, splitOption } from "../train/read-split.js";
import { DEFAULT_MIRRORS } from "../swebench/parse-bench-args.js";
import { exitMissingInput } from "../parse-bench-command.js";
import { positiveInteger } from "../swebench/positive-integer-arg.js";

/** The options both studies take (`benchCommand`'s form). */
export const STUDY_OPTIONS = {
  data: { type: "string" },
  mirrors: { type: "string" },
  split: { type: "string" },
  part: { type: "string" },
  "per-repo": { type: "string" },
  rows: { type: "string" },
  from: { type: "string" },
} as const;

export interface StudyValues {
  data?: string;
  mirrors?: string;
  split?: string;
  part?: string;
  "per-repo"?: string;
}

/**
 * The instances a study runs on (`--data`, `--split`/`--part`,
 * `--per-repo`) and the mirrors' folder; exits naming what is missing.
 *
 * @example
 * const { instances, mirrors } = await studyInstances(values, "bench:history");
 */
export async function studyInstances(
  values: StudyValues,
  command: string,
): Promise<{ instances: Instance[]; mirrors: string }> {
  if (!values.data)
    exitMissingInput(
      `${command} needs --data FILE (instances as JSON lines)`,
      "npm run bench:swebench -- --help says how to get them",
    );
  const split = splitOption(values.split, values.part);
  const perRepo = positiveInteger("--per-repo", values["per-repo"]);
  const instances = selectInstances(await loadInstances(values.data), {
    ...(split ? { repos: partRepositories(split) } : {}),
    ...(perRepo ? { perRepo } : {}),
  });
  const mirrors =
    values.mirrors ?? process.env.SWEBENCH_MIRRORS ?? DEFAULT_MIRRORS;
  return { instances, mirrors };
}
