import type { CitedRange } from "../storage/answer-records/answer-record.js";

/** What a file's unified diff did, in the base's line numbers. */
export interface PatchChanges {
  /** Base lines removed (a changed line is removed, then added). */
  removed: readonly number[];
  /** For each line added, the base line it went before (one past the last line: at the end). */
  insertedBefore: readonly number[];
}

/** What became of a range of base lines. */
export type RangeFate =
  { fate: "same" } | { fate: "changed" } | { fate: "moved"; to: CitedRange };

const HUNK = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/;

/**
 * Reads a file's unified diff, as GitHub's compare gives it (`patch`:
 * hunks only, no file header), into the base lines it removed and where
 * it added lines. Context lines are neither.
 *
 * @example
 * readPatch("@@ -3,3 +3,4 @@\n a\n-b\n+B\n+C\n c")
 * // { removed: [4], insertedBefore: [5, 5] }
 */
export function readPatch(patch: string): PatchChanges {
  const removed: number[] = [];
  const insertedBefore: number[] = [];
  let old = 0;
  for (const line of patch.split("\n")) {
    const hunk = HUNK.exec(line);
    if (hunk) {
      old = Number(hunk[1]);
      // `-0,0`: the base file was empty, and the first line added goes before its line 1.
      if (old === 0) old = 1;
      continue;
    }
    if (old === 0) continue;
    if (line.startsWith("+")) insertedBefore.push(old);
    else if (line.startsWith("-")) removed.push(old++);
    else if (line.startsWith(" ") || line === "") old++;
    // "\ No newline at end of file" belongs to the line before it.
  }
  return { removed, insertedBefore };
}

/**
 * What a diff did to a range of base lines: `changed` when it removed one
 * of them or added a line between two of them; `moved` (to where they
 * are now) when lines were added or removed above it; else `same`.
 *
 * @example
 * rangeFate([10, 20], { removed: [], insertedBefore: [3, 3] }) // { fate: "moved", to: [12, 22] }
 * rangeFate([10, 20], { removed: [15], insertedBefore: [15] }) // { fate: "changed" }
 * rangeFate([10, 20], { removed: [30], insertedBefore: [] })   // { fate: "same" }
 */
export function rangeFate(
  [start, end]: CitedRange,
  changes: PatchChanges,
): RangeFate {
  const touched =
    changes.removed.some((line) => line >= start && line <= end) ||
    changes.insertedBefore.some((line) => line > start && line <= end);
  if (touched) return { fate: "changed" };
  const shift =
    changes.insertedBefore.filter((line) => line <= start).length -
    changes.removed.filter((line) => line < start).length;
  return shift === 0
    ? { fate: "same" }
    : { fate: "moved", to: [start + shift, end + shift] };
}
