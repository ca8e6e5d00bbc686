/** One file as the search phases see it: a path and its decoded text. */
export interface SearchFile {
  readonly path: string;
  readonly text: string;
}

// Keyed on the file object, so a reader that keeps its file objects in a cache
// lowercases each text once across many searches, and the lowercase copy is
// freed together with the file. Lowercasing never adds or removes "\n", so a
// line number found in the lowercase text is the same line in the original.
const lowercased = new WeakMap<SearchFile, string>();

/** The file's text in lower case, computed on first use and remembered. */
export function lowerText(file: SearchFile): string {
  let lower = lowercased.get(file);
  if (lower === undefined) {
    lower = file.text.toLowerCase();
    lowercased.set(file, lower);
  }
  return lower;
}

/** The last segment of a path: "src/a/b.ts" → "b.ts". */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/**
 * A score bonus in [0, 1) that prefers shorter paths: top-level and shallow
 * files tend to be the entry points a question is about.
 */
export function shortPathBonus(path: string): number {
  return 1 - Math.min(path.length, 200) / 200;
}

/** Non-overlapping occurrences of `needle` in `text`, counting at most `limit`. */
export function countOccurrences(
  text: string,
  needle: string,
  limit = Infinity,
): number {
  let count = 0;
  for (
    let at = text.indexOf(needle);
    at !== -1 && count < limit;
    at = text.indexOf(needle, at + needle.length)
  ) {
    count++;
  }
  return count;
}
