// `git log --name-only --format=%x00` read back as the files of each commit.
// Commits that touch many files (merges made by hand, formatting, releases,
// renames of a folder) say little about which files belong together, so the
// caller drops those over a size.

/**
 * The files of each commit in a `git log --no-renames --name-only
 * --format=%x00` output, newest first, leaving out commits that touch no file
 * (merges, which `--name-only` lists empty) or more than `maxFiles`.
 *
 * @example
 * parseNameOnlyLog("\0\n\na.ts\nb.ts\n\0\n\nc.ts\n", 30) // [["a.ts", "b.ts"], ["c.ts"]]
 */
export function parseNameOnlyLog(text: string, maxFiles: number): string[][] {
  if (!Number.isInteger(maxFiles) || maxFiles < 1)
    throw new Error(
      `maxFiles must be a whole number of files, 1 or more (got ${maxFiles})`,
    );
  return text
    .split("\0")
    .slice(1)
    .map((block) => block.split("\n").filter((line) => line !== ""))
    .filter((files) => files.length > 0 && files.length <= maxFiles);
}
