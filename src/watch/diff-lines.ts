import type { PatchChanges } from "./patch-changes.js";

// Myers' search costs time and memory in the square of the edits; past this
// many (a file rewritten, not edited), the lines between the common start and
// end count as all replaced, which is still a true diff, only a coarser one.
const MAX_EDITS = 1000;

type Edit = "=" | "-" | "+";

/**
 * What turned `before` into `after`, line by line, in the shape a patch is
 * read into (`readPatch`): the base lines removed and where lines were
 * added, so `rangeFate` judges a cited range the same whether GitHub's
 * patch or this diff says what changed. The common first and last lines
 * are matched first; the rest is a shortest edit script (Myers, "An O(ND)
 * Difference Algorithm and Its Variations", 1986), up to `MAX_EDITS`.
 *
 * @example
 * diffLines("a\nb\nc", "a\nB\nx\nc") // { removed: [2], insertedBefore: [3, 3] }
 */
export function diffLines(before: string, after: string): PatchChanges {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const edits = shortestEdits(middleA, middleB) ?? [
    ...middleA.map((): Edit => "-"),
    ...middleB.map((): Edit => "+"),
  ];
  const removed: number[] = [];
  const insertedBefore: number[] = [];
  // The 1-based base line the next edit is at.
  let line = start + 1;
  for (const edit of edits) {
    if (edit === "+") insertedBefore.push(line);
    else if (edit === "-") removed.push(line++);
    else line++;
  }
  return { removed, insertedBefore };
}

/**
 * A shortest edit script from `a` to `b`, or `undefined` when it needs more
 * than `MAX_EDITS` edits. Keeps, per number of edits `d`, how far each
 * diagonal reached, then walks back from the end.
 */
function shortestEdits(a: string[], b: string[]): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, MAX_EDITS);
  const offset = limit + 1;
  const reach = new Int32Array(2 * limit + 3);
  // trace[d][k + d]: how far diagonal k reached with d edits.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && reach[offset + k - 1]! < reach[offset + k + 1]!)
          ? reach[offset + k + 1]!
          : reach[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      reach[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(reach.slice(offset - d, offset + d + 1));
        return walkBack(trace, n, m);
      }
    }
    trace.push(reach.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

function walkBack(trace: Int32Array[], n: number, m: number): Edit[] {
  const edits: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const before = trace[d - 1]!;
    const at = (k: number) => before[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const fromK = down ? k + 1 : k - 1;
    const fromX = at(fromK);
    const fromY = fromX - fromK;
    while (x > (down ? fromX : fromX + 1) && y > (down ? fromY + 1 : fromY)) {
      edits.push("=");
      x--;
      y--;
    }
    edits.push(down ? "+" : "-");
    x = fromX;
    y = fromY;
  }
  while (x > 0 && y > 0) {
    edits.push("=");
    x--;
    y--;
  }
  return edits.reverse();
}
