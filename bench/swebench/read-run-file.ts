// A bench:swebench result file (--out) read back: what bench:compare and
// bench:report take, with the one error both give for a file that is not one.
import { existsSync, readFileSync } from "node:fs";
import type { InstanceResult } from "../../src/eval/result-types.js";
import { exitMissingInput } from "../parse-bench-command.js";
import type { Report } from "./build-report.js";
import type { GithubInstanceResult } from "./run-instance-github.js";

export interface RunFile {
  results: InstanceResult[];
  /** The budgets the run measured (its `args.budgets`, else those its results hold). */
  budgets: number[];
  wallMs: number;
  peakMemory: Report["peakMemory"];
  github: GithubInstanceResult[];
}

// How to get a result file, for the line that says one is missing.
const RUN_FILE_HOW = "write one with npm run bench:swebench -- --out FILE";

/**
 * Reads a bench:swebench result file, written by any version of the harness
 * (a result from before the map has no body count and reads as all bodies,
 * as `summarize` does); throws an error naming the file when it is absent or
 * is not one.
 *
 * @example
 * readRunFile("/tmp/ml.json") // { results: [… 235], budgets: [13000], wallMs: 426000, peakMemory: { … }, github: [] }
 */
export function readRunFile(file: string): RunFile {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  let parsed: Partial<RunFile> & { args?: { budgets?: unknown } };
  try {
    parsed = JSON.parse(readFileSync(file, "utf8")) as typeof parsed;
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed.results))
    throw new Error(
      `${file} has no "results" array: not a bench:swebench result file`,
    );
  const results = parsed.results;
  const recorded = parsed.args?.budgets;
  const budgets =
    Array.isArray(recorded) && recorded.every((b) => typeof b === "number")
      ? recorded
      : [
          ...new Set(results.flatMap((r) => r.budgets.map((b) => b.budget))),
        ].sort((a, b) => a - b);
  return {
    results,
    budgets,
    wallMs: parsed.wallMs ?? 0,
    peakMemory: parsed.peakMemory ?? { heapUsedMb: 0, maxRssMb: 0 },
    github: parsed.github ?? [],
  };
}

/**
 * `readRunFile` for a bench script: the file named by `--option`, or one
 * line saying what is wrong with it and how to get one, and exit code 2.
 *
 * @example
 * readRunFileOrExit(values.a, "a") // the run file, or "--a names no result file: write one with …"
 */
export function readRunFileOrExit(
  file: string | undefined,
  option: string,
): RunFile {
  if (file === undefined)
    exitMissingInput(`--${option} names no result file`, RUN_FILE_HOW);
  try {
    return readRunFile(file);
  } catch (error) {
    return exitMissingInput((error as Error).message, RUN_FILE_HOW);
  }
}
