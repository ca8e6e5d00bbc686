import { createPatch, OMIT_HEADERS } from "diff";
import { readPatch, type PatchChanges } from "./patch-changes.js";

// A line diff costs time in the product of the file's length and the edits
// (Myers); past this many lines removed plus added (a file rewritten, not
// edited), the lines between the common start and end count as all
// replaced, which is still a true diff, only a coarser one. An edit count,
// not jsdiff's `timeout`, so the answer never depends on the machine's speed.
const MAX_EDITS = 1000;

/**
 * What turned `before` into `after`, line by line, in the shape a patch is
 * read into: jsdiff (`createPatch`, Myers' shortest edit script) writes a
 * unified patch's hunks as git does, and `readPatch` reads them as it reads
 * GitHub's, so `rangeFate` judges a cited range the same whichever said
 * what changed. As in git, a last line that gains or loses its newline
 * changed.
 *
 * @example
 * diffLines("a\nb\nc", "a\nB\nx\nc") // { removed: [2], insertedBefore: [3, 3] }
 */
export function diffLines(before: string, after: string): PatchChanges {
  const patch = createPatch("", before, after, undefined, undefined, {
    maxEditLength: MAX_EDITS,
    headerOptions: OMIT_HEADERS,
  });
  return patch === undefined
    ? replacedBetweenCommonEnds(before, after)
    : readPatch(patch);
}

/** Every line between the common first and last lines removed, then the new ones added. */
function replacedBetweenCommonEnds(
  before: string,
  after: string,
): PatchChanges {
  const a = lines(before);
  const b = lines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const removed = Array.from({ length: endA - start }, (_, i) => start + 1 + i);
  const insertedBefore = Array.from({ length: endB - start }, () => endA + 1);
  return { removed, insertedBefore };
}

/**
 * A text's lines, each with its newline, as jsdiff and git compare them: a
 * final newline ends the last line rather than starting another, and a last
 * line without one differs from the same line with it.
 */
function lines(text: string): string[] {
  return text === "" ? [] : text.split(/(?<=\n)/);
}
