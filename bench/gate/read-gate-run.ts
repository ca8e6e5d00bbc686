import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import type { InstanceResult } from "../../src/eval/result-types.js";

/** A bench:swebench result file, named for the tables. */
export interface GateRunFile {
  name: string;
  file: string;
  results: InstanceResult[];
  /** The budget the gate is read at: `budget` if given, else the run's first. */
  budget: number;
}

/**
 * Reads a `--runs` argument, `NAME=FILE` or `FILE` (named for its base
 * name), as a bench:swebench result file. Throws naming the file when it is
 * missing, not a result file, or recorded no gate signals (a run made
 * before the gate).
 *
 * @example
 * readGateRun("held-out=/tmp/gate/heldout.json") // { name: "held-out", results: [424 results], budget: 13000, … }
 */
export function readGateRun(argument: string, budget?: number): GateRunFile {
  const at = argument.indexOf("=");
  const file = at > 0 ? argument.slice(at + 1) : argument;
  const name = at > 0 ? argument.slice(0, at) : basename(file, ".json");
  const how =
    "write one with npm run bench:swebench -- --budgets 13000 --out FILE";
  if (!existsSync(file)) throw new Error(`${file} does not exist: ${how}`);
  const parsed = JSON.parse(readFileSync(file, "utf8")) as {
    results?: InstanceResult[];
  };
  if (!Array.isArray(parsed.results))
    throw new Error(
      `${file} has no "results" array, so is no bench:swebench result file: ${how}`,
    );
  const results = parsed.results;
  const at13k =
    budget ?? results.find((r) => r.budgets.length > 0)?.budgets[0]?.budget;
  if (
    at13k === undefined ||
    !results.some((r) => r.budgets.some((b) => b.budget === at13k && b.gate))
  )
    throw new Error(
      `${file} recorded no gate signals${budget === undefined ? "" : ` at budget ${budget}`} (a run made before the gate?): ${how}`,
    );
  return { name, file, results, budget: at13k };
}
