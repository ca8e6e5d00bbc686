import type { TokenCounter } from "../tokens/token-counter.js";
import type { SeenRange, ToolOutput } from "./tool.js";

/**
 * A successful tool result: `payload` as compact JSON with a `tokens` field
 * holding the token count of the whole text, itself included, then
 * `truncated` and `note` when the result was cut (see
 * docs/architecture/retrieval.md, 'The model's tools').
 *
 * The count is found by fixed point: numbers of the same digit count take the
 * same tokens, so the second count almost always agrees with the first.
 *
 * @example
 * jsonResult({ path: "a.ts", content: "1\tx" }, { tokenCounter, seen: [] }).text
 * // '{"path":"a.ts","content":"1\\tx","tokens":17}'
 */
export function jsonResult(
  payload: Record<string, unknown>,
  options: {
    tokenCounter: TokenCounter;
    seen: SeenRange[];
    named?: string[];
    truncated?: boolean;
    note?: string;
  },
): ToolOutput {
  const truncated = options.truncated ?? false;
  const render = (tokens: number): string =>
    renderJson(payload, tokens, truncated, options.note);
  let tokens = options.tokenCounter.count(render(0));
  for (let i = 0; i < 3; i++) {
    const next = options.tokenCounter.count(render(tokens));
    if (next === tokens) break;
    tokens = next;
  }
  return {
    ok: true,
    text: render(tokens),
    tokens,
    truncated,
    seen: options.seen,
    ...(options.named && options.named.length > 0
      ? { named: options.named }
      : {}),
  };
}

/**
 * Tokens that `jsonResult(payload, options)` would take, measured with a
 * `tokens` placeholder of `maxTokens` (no count that fits has more digits):
 * what fitting a result to its budget compares against `maxTokens`.
 */
export function measureJson(
  payload: Record<string, unknown>,
  options: {
    tokenCounter: TokenCounter;
    maxTokens: number;
    truncated?: boolean;
    note?: string;
  },
): number {
  return options.tokenCounter.count(
    renderJson(
      payload,
      options.maxTokens,
      options.truncated ?? false,
      options.note,
    ),
  );
}

/**
 * A failed call, as a sentence that says what to do next (docs/conventions.md, "Tools are data"):
 * the model reads it and tries again, the run goes on.
 *
 * @example
 * errorResult("src is a directory; use list_directory_contents with path \"src\".", tokenCounter).text
 * // 'Error: src is a directory; use list_directory_contents with path "src".'
 */
export function errorResult(
  message: string,
  tokenCounter: TokenCounter,
): ToolOutput {
  const text = `Error: ${message}`;
  return {
    ok: false,
    text,
    tokens: tokenCounter.count(text),
    truncated: false,
    seen: [],
  };
}

/**
 * The error for a result that cannot fit even empty: the run's budget is
 * nearly spent, so the model should answer.
 */
export function budgetTooSmall(
  what: string,
  budget: number,
  tokenCounter: TokenCounter,
): ToolOutput {
  return errorResult(
    `the token budget left for this result (${budget}) is too small to show ${what}. Answer with what you have.`,
    tokenCounter,
  );
}

/**
 * The largest `k` in [0, n] for which `fits(k)` holds, by binary search;
 * `fits` must be monotone (true up to some k, false after). 0 when nothing fits.
 *
 * @example
 * largestFitting(100, (k) => k * 30 <= 1000) // 33
 */
export function largestFitting(
  n: number,
  fits: (k: number) => boolean,
): number {
  if (fits(n)) return n;
  let lo = 0; // fits, or nothing does
  let hi = n; // does not fit
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

function renderJson(
  payload: Record<string, unknown>,
  tokens: number,
  truncated: boolean,
  note: string | undefined,
): string {
  return JSON.stringify({
    ...payload,
    tokens,
    ...(truncated ? { truncated: true } : {}),
    ...(note !== undefined ? { note } : {}),
  });
}
