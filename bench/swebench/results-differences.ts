// What differs between two bench:swebench runs of the same instances, once
// timings and memory are set aside: the check that retrieval gives the
// same bytes whatever the machine's speed or load (issue 34).
import type { InstanceResult } from "../../src/eval/result-types.js";

/** One field that differs, by its path in the instance's result (`budgets.1.systems.askcode.score.lines`). */
export interface FieldDifference {
  path: string;
  a: unknown;
  b: unknown;
}

export interface ResultsDifferences {
  /** Instances in both runs. */
  compared: number;
  onlyInA: string[];
  onlyInB: string[];
  differing: Array<{ instanceId: string; fields: FieldDifference[] }>;
}

// Measured, not computed: `timings` and `memory` of an instance, and a
// budget's `askcodeMs` and `baselineMs` (any key ending in Ms or Mb).
const MEASURED = /^(timings|memory)$|(Ms|Mb)$/;

// A score's fields in the order the reports lead with: files with a body,
// lines, files including the map; then the rest of a score, then the rest.
const SCORE_FIELDS = ["filesWithBody", "linesFound", "filesFound"];

function fieldRank(path: string): number {
  const [, field] = /\.(?:score|codeScore)\.(\w+)$/.exec(path) ?? [];
  if (field === undefined) return SCORE_FIELDS.length + 1;
  const rank = SCORE_FIELDS.indexOf(field);
  return rank >= 0 ? rank : SCORE_FIELDS.length;
}

/**
 * Compares two runs instance by instance (by `instanceId`), every field but
 * the measured ones; an instance's fields come the score's first (`fieldRank`).
 *
 * @example
 * resultsDifferences(runA.results, runB.results)
 * // { compared: 235, onlyInA: [], onlyInB: [], differing: [{ instanceId: "x", fields: [{ path: "chunks", a: 812, b: 809 }] }] }
 */
export function resultsDifferences(
  a: readonly InstanceResult[],
  b: readonly InstanceResult[],
): ResultsDifferences {
  const inB = new Map(b.map((result) => [result.instanceId, result]));
  const inA = new Set(a.map((result) => result.instanceId));
  const differing: ResultsDifferences["differing"] = [];
  let compared = 0;
  for (const result of a) {
    const other = inB.get(result.instanceId);
    if (!other) continue;
    compared++;
    const fields: FieldDifference[] = [];
    collectDifferences(result, other, "", fields);
    if (fields.length > 0)
      differing.push({
        instanceId: result.instanceId,
        fields: fields.sort((x, y) => fieldRank(x.path) - fieldRank(y.path)),
      });
  }
  return {
    compared,
    onlyInA: a.map((r) => r.instanceId).filter((id) => !inB.has(id)),
    onlyInB: b.map((r) => r.instanceId).filter((id) => !inA.has(id)),
    differing,
  };
}

function collectDifferences(
  a: unknown,
  b: unknown,
  path: string,
  out: FieldDifference[],
): void {
  if (
    isContainer(a) &&
    isContainer(b) &&
    Array.isArray(a) === Array.isArray(b)
  ) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      if (MEASURED.test(key)) continue;
      collectDifferences(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        path === "" ? key : `${path}.${key}`,
        out,
      );
    }
    return;
  }
  if (!Object.is(a, b)) out.push({ path, a, b });
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
