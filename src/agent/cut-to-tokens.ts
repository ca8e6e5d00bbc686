import type { TokenCounter } from "../tokens/token-counter.js";
import { largestFitting } from "../tools/tool-result.js";

/**
 * The start of `text` within `maxTokens` tokens, cut at a line or word end
 * where one is near, and whether anything was cut.
 *
 * @example
 * cutToTokens("one two three four", 2, counter) // { text: "one two", cut: true }
 * cutToTokens("short", 100, counter)            // { text: "short", cut: false }
 */
export function cutToTokens(
  text: string,
  maxTokens: number,
  counter: TokenCounter,
): { text: string; cut: boolean } {
  if (counter.count(text) <= maxTokens) return { text, cut: false };
  if (maxTokens <= 0) return { text: "", cut: true };
  const chars = largestFitting(
    text.length,
    (n) => counter.count(text.slice(0, n)) <= maxTokens,
  );
  const head = text.slice(0, chars);
  // Prefer ending at a line, else a word, if one is within the last 200 characters.
  const line = head.lastIndexOf("\n");
  const word = head.lastIndexOf(" ");
  const end =
    line >= chars - 200 && line > 0
      ? line
      : word >= chars - 200 && word > 0
        ? word
        : chars;
  return { text: head.slice(0, end).trimEnd(), cut: true };
}
