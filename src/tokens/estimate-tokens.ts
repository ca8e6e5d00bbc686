/**
 * A conservative token estimate for when the tokenizer is unavailable. It
 * mimics how BPE tokenizers cut text, erring high at every step: a run of
 * letters or digits counts one token per 2 characters (real tokens hold 3 to
 * 6), every punctuation character counts one (real tokens often join two or
 * three), every run of spaces counts one, and every other character (CJK,
 * emoji) one per UTF-16 unit. A flat characters-per-token ratio is not safe:
 * punctuation-heavy code runs under 3 characters a token.
 *
 * On code and prose this is about 1.7 times the o200k_base count; on random
 * data such as base64 it can come within a few percent of it.
 *
 * @example
 * estimateTokens("def f(x):\n    return x") // 15 (the real o200k count is 7)
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  let run = 0;
  const endRun = (): void => {
    if (run > 0) tokens += Math.ceil(run / 2);
    run = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const alnum =
      (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      c === 95;
    if (alnum) {
      run++;
      continue;
    }
    endRun();
    if (c === 32 || c === 9) {
      // One token for the whole run of spaces or tabs.
      if (
        i === 0 ||
        (text.charCodeAt(i - 1) !== 32 && text.charCodeAt(i - 1) !== 9)
      )
        tokens++;
    } else {
      tokens++;
    }
  }
  endRun();
  return tokens;
}
