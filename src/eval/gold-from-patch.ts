/** Where a fix changed code that existed at the base commit, in the harness's terms. */
export interface PatchGold {
  /** Files the patch changed that existed before it (added files are left out). */
  gold_files: string[];
  /** Per gold file, each hunk's old side as [startLine, lineCount]. */
  gold_hunks: Record<string, Array<[number, number]>>;
}

// `@@ -start[,count] +start[,count] @@`; a missing count means 1
// (https://www.gnu.org/software/diffutils/manual/html_node/Detailed-Unified.html).
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * Reads the gold files and hunks out of a SWE-bench instance's `patch` (the
 * fix, as `git diff` prints it), so rows of the public data set run as they
 * are. Hunk bodies are skipped by their line counts, so a removed line that
 * starts with "-- " is never mistaken for a file header.
 *
 * @example
 * goldFromPatch("diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -10,7 +10,8 @@\n…")
 * // { gold_files: ["m.py"], gold_hunks: { "m.py": [[10, 7]] } }
 */
export function goldFromPatch(patch: string): PatchGold {
  const gold: PatchGold = { gold_files: [], gold_hunks: {} };
  const lines = patch.split("\n");
  let file: string | undefined; // the old path of the file being read; undefined for an added file
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith("diff --git ")) {
      file = undefined;
    } else if (line.startsWith("--- ")) {
      file = oldPath(line.slice(4));
      if (file !== undefined && !gold.gold_files.includes(file)) {
        gold.gold_files.push(file);
        gold.gold_hunks[file] = [];
      }
    } else {
      const hunk = HUNK_HEADER.exec(line);
      if (!hunk) continue;
      const oldCount = hunk[2] === undefined ? 1 : Number(hunk[2]);
      const newCount = hunk[4] === undefined ? 1 : Number(hunk[4]);
      if (file !== undefined)
        gold.gold_hunks[file]?.push([Number(hunk[1]), oldCount]);
      i += bodyLength(lines, i + 1, oldCount, newCount);
    }
  }
  return gold;
}

/** The path on a `---` line without its `a/` prefix; undefined for `/dev/null` (an added file). */
function oldPath(header: string): string | undefined {
  const path = header.replace(/\t.*$/, "").trimEnd();
  if (path === "/dev/null") return undefined;
  return path.startsWith("a/") ? path.slice(2) : path;
}

/** How many lines after a hunk header belong to its body. */
function bodyLength(
  lines: readonly string[],
  start: number,
  oldCount: number,
  newCount: number,
): number {
  let oldLeft = oldCount;
  let newLeft = newCount;
  let n = 0;
  while (start + n < lines.length && (oldLeft > 0 || newLeft > 0)) {
    const marker = (lines[start + n] as string)[0];
    if (marker === "-") oldLeft--;
    else if (marker === "+") newLeft--;
    else if (marker !== "\\") {
      oldLeft--;
      newLeft--;
    }
    n++;
  }
  return n;
}
