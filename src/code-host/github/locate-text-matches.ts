import type { CodeSearchHit } from "../code-host.js";
import {
  contextAround,
  lineBounds,
  lineNumberAt,
} from "../file-set/text-lines.js";
import type { CodeSearchItem } from "./code-search-response.js";

export interface LocatedMatches {
  /** One hit per matched line of the file, in line order. */
  hits: CodeSearchHit[];
  /** Matches that could not be found in the file's text at the commit. */
  unplaced: number;
}

/**
 * Turns one code-search item's text matches into hits with 1-based lines.
 *
 * GitHub gives each match as `indices` into a `fragment` (a few lines of the
 * file), not into the file, and from its index, which may lag behind the
 * commit we read at. So each fragment is found in the file's text at that
 * commit (`text`), and each match's line counted from there; a fragment that
 * is not there (the file changed since indexing) leaves the match's own text
 * to look for; a match found neither way counts as `unplaced`. Matches on the
 * same line make one hit. Context is 3 lines each side, from the file.
 * See https://docs.github.com/en/rest/search/search#text-match-metadata
 *
 * @example
 * locateTextMatches(item, "a\nconst retryAfter = 1;\n", 1)
 * // { hits: [{ line: 2, matchedLine: "const retryAfter = 1;", matchedTerms: ["retryAfter"], mode: "code-search", … }], unplaced: 0 }
 */
export function locateTextMatches(
  item: CodeSearchItem,
  text: string,
  score: number,
): LocatedMatches {
  // Offsets are counted without "\r" on both sides; line numbers do not change.
  const file = withoutCarriageReturns(text);
  const lines = new Map<number, { column: number; terms: Set<string> }>();
  const searchFrom = new Map<string, number>();
  let unplaced = 0;

  for (const textMatch of item.text_matches ?? []) {
    if (textMatch.property !== "content") continue;
    const fragment = withoutCarriageReturns(textMatch.fragment ?? "");
    // The same fragment twice (a repeated block): the second is the next occurrence.
    const from = searchFrom.get(fragment) ?? 0;
    let at = fragment === "" ? -1 : file.indexOf(fragment, from);
    if (at === -1 && from > 0) at = file.indexOf(fragment);
    if (at !== -1) searchFrom.set(fragment, at + 1);

    for (const match of textMatch.matches ?? []) {
      const inFragment =
        at === -1
          ? undefined
          : offsetInFragment(fragment, match.text, match.indices);
      const offset =
        inFragment === undefined
          ? offsetInFile(file, match.text)
          : at + inFragment;
      if (offset === undefined) {
        unplaced++;
        continue;
      }
      const line = lineNumberAt(file, offset);
      const entry = lines.get(line) ?? {
        column: offset - lineBounds(file, offset).start,
        terms: new Set<string>(),
      };
      if (match.text) entry.terms.add(match.text);
      lines.set(line, entry);
    }
  }

  const hits = [...lines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([line, entry]): CodeSearchHit => ({
      path: item.path,
      line,
      ...contextAround(file, line, entry.column),
      score,
      mode: "code-search",
      matchedTerms: [...entry.terms],
    }));
  return { hits, unplaced };
}

/**
 * Where a match starts within its fragment. `indices` are trusted when they
 * cover the match's text; otherwise (offsets counted in another unit, or
 * before "\r" was removed) the occurrence of the text nearest to them wins.
 */
function offsetInFragment(
  fragment: string,
  matchText: string | undefined,
  indices: number[] | undefined,
): number | undefined {
  const [start, end] = indices ?? [];
  const valid =
    start !== undefined &&
    end !== undefined &&
    0 <= start &&
    start <= end &&
    end <= fragment.length;
  if (!matchText) return valid ? start : undefined;
  if (valid && fragment.slice(start, end) === matchText) return start;
  const near = start ?? 0;
  let best: number | undefined;
  for (
    let at = fragment.indexOf(matchText);
    at !== -1;
    at = fragment.indexOf(matchText, at + 1)
  ) {
    if (best === undefined || Math.abs(at - near) < Math.abs(best - near))
      best = at;
  }
  return best;
}

/** The first occurrence of the match's text in the file, when its fragment is gone. */
function offsetInFile(
  file: string,
  matchText: string | undefined,
): number | undefined {
  const at = matchText ? file.indexOf(matchText) : -1;
  return at === -1 ? undefined : at;
}

function withoutCarriageReturns(text: string): string {
  return text.replace(/\r\n/g, "\n");
}
