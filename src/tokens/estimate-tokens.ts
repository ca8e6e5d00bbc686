/**
 * ASCII characters per token assumed by the estimate. Real code averages 3.5 to 5
 * characters per token in o200k_base and cl100k_base; 3 overestimates almost
 * always, which is the safe side for a budget.
 */
export const ESTIMATE_CHARS_PER_TOKEN = 3;

/**
 * A conservative token estimate for when the tokenizer is unavailable: ASCII
 * text at 3 characters per token, and every other UTF-16 unit as one token
 * (CJK and emoji often take one or more tokens per character).
 *
 * @example
 * estimateTokens("def f(x):\n    return x") // 8 (the real o200k count is 7)
 */
export function estimateTokens(text: string): number {
  let nonAscii = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) nonAscii++;
  }
  return (
    Math.ceil((text.length - nonAscii) / ESTIMATE_CHARS_PER_TOKEN) + nonAscii
  );
}
