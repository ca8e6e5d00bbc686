import { isCut } from "./ascii-stretches.js";

/** A part of a text, with its tokens when they are known already. */
export type JoinedPart = string | { readonly text: string; tokens: number };

/**
 * The tokens of `parts` joined (with nothing between them), exactly as
 * `count` counts the joined text, from each part's own count: only the
 * seams are counted anew, the lines on either side of a join that does
 * not fall where the tokenizer's pieces part. A packed context is its
 * chunks joined by headers, markers and line breaks: counting it whole
 * tokenized 12,000 tokens again that were counted already, part by part.
 *
 * Exact because the pieces part at every cut (`isCut`: the start of a line
 * that begins, after spaces and tabs, with a character of printable ASCII
 * other than "/"), and tiktoken's patterns look at nothing before where a
 * piece starts: a text's count is the sum of its stretches' between cuts.
 * A part's count is taken from `tokens`, else from `count` (a memo's: the
 * parts were counted before). With no cut anywhere it counts the whole.
 *
 * @example
 * countJoined(counter.count, [{ text: code, tokens: 412 }, "\n", "# … lines 90-99 omitted"])
 * // === counter.count(`${code}\n# … lines 90-99 omitted`)
 */
export function countJoined(
  count: (text: string) => number,
  parts: readonly JoinedPart[],
): number {
  let total = 0;
  // The text joined so far from its last cut (empty at the start, itself a
  // cut), and its tokens once they are needed: a seam re-counts it.
  let tail = "";
  let tailTokens: number | undefined = 0;
  for (const part of parts) {
    const text = textOf(part);
    if (text === "") continue;
    const tokens = () => (typeof part === "string" ? count(text) : part.tokens);
    const last = lastCut(text);
    if (tail === "" || (tail.endsWith("\n") && isCut(text, 0, true))) {
      // The pieces part where this part starts: its count adds.
      const own = tokens();
      total += own;
      tail = last > 0 ? text.slice(last) : text;
      tailTokens = last > 0 ? undefined : own;
      continue;
    }
    // A seam: the tail and this part's lines up to its first cut, counted
    // together in place of each alone.
    const first = firstCut(text);
    const head = first > 0 ? text.slice(0, first) : text;
    const seam = tail + head;
    const seamTokens = count(seam);
    total += seamTokens - (tailTokens ?? count(tail));
    if (first > 0) {
      total += tokens() - count(head);
      tail = text.slice(last);
      tailTokens = undefined;
    } else {
      tail = seam;
      tailTokens = seamTokens;
    }
  }
  return total;
}

/** The first cut inside `text` (after its start), or -1; more text may follow it. */
function firstCut(text: string): number {
  for (
    let start = text.indexOf("\n") + 1;
    start > 0;
    start = text.indexOf("\n", start) + 1
  )
    if (isCut(text, start, true)) return start;
  return -1;
}

/** The last cut inside `text` (after its start), or -1; more text may follow it. */
function lastCut(text: string): number {
  for (
    let start = text.lastIndexOf("\n", text.length - 2) + 1;
    start > 0;
    start = start >= 2 ? text.lastIndexOf("\n", start - 2) + 1 : 0
  )
    if (isCut(text, start, true)) return start;
  return -1;
}

/**
 * The text `parts` make, joined.
 *
 * @example
 * joinedText(["a", { text: "b", tokens: 1 }]) // "ab"
 */
export function joinedText(parts: readonly JoinedPart[]): string {
  return parts.map(textOf).join("");
}

const textOf = (part: JoinedPart) =>
  typeof part === "string" ? part : part.text;
