import type { LineRange } from "./line-range.js";

// Lines that are comments in the languages askcode chunks by structure, and most others.
const COMMENT = /^\s*(?:\/\/|\/\*|\*|#|--|"""|\'\'\')/;

export interface Excerpt {
  /** The lines shown, with their common indentation removed. */
  text: string;
  range: LineRange;
  /** Fewer lines than the place has. */
  partial: boolean;
}

/**
 * A few lines of a place that show why it matched: the window of at most
 * `maxLines` lines holding the most distinct query terms, in code rather than
 * comments where it can (the earliest on a tie, so a declaration's first line
 * wins), without blank lines at its edges, dedented so a method deep in a
 * class reads cleanly.
 *
 * @example
 * chooseExcerpt({ text: chunkText, startLine: 40 }, ["retry", "upload"], 8)
 * // { text: "if (shouldRetry(status)) {\n  …", range: [52, 59], partial: true }
 */
export function chooseExcerpt(
  place: { text: string; startLine: number },
  terms: readonly string[],
  maxLines: number,
): Excerpt {
  const lines = place.text.split("\n");
  const wanted = terms.map((t) => t.toLowerCase()).filter((t) => t.length > 1);
  let best = 0;
  if (lines.length > maxLines) {
    const hits = lines.map((line) => {
      const lower = line.toLowerCase();
      return new Set(wanted.filter((t) => lower.includes(t)));
    });
    const comment = lines.map((line) => COMMENT.test(line));
    let bestScore = -1;
    for (let i = 0; i + maxLines <= lines.length; i++) {
      // A term counts twice in code, once in a comment: code shows the decision.
      const credit = new Map<string, number>();
      for (let j = i; j < i + maxLines; j++)
        for (const t of hits[j] ?? [])
          credit.set(t, Math.max(credit.get(t) ?? 0, comment[j] ? 1 : 2));
      let score = 0;
      for (const c of credit.values()) score += c * 2;
      // Then a window that starts where a reader would: not blank, not mid-comment.
      if (lines[i]?.trim() && !comment[i]) score += 1;
      if (score > bestScore) [bestScore, best] = [score, i];
    }
  }
  let from = best;
  let to = Math.min(lines.length, best + maxLines) - 1;
  // Nor with the tail of a comment whose start is not shown.
  while (from < to && /^\s*(?:\*\/)?\s*$/.test(lines[from] ?? "")) from++;
  while (to > from && !lines[to]?.trim()) to--;
  const shown = lines.slice(from, to + 1);
  const indent = Math.min(
    ...shown
      .filter((l) => l.trim())
      .map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0),
  );
  return {
    text: shown
      .map((l) => l.slice(Number.isFinite(indent) ? indent : 0))
      .join("\n"),
    range: [place.startLine + from, place.startLine + to],
    partial: shown.length < lines.length,
  };
}
