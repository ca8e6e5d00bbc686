import { createTokenCounter } from "../tokens/create-token-counter.js";
import type { TokenCounter } from "../tokens/token-counter.js";

/**
 * The process's token counters, one per model, built on first use and
 * shared by every question after. With `warmUp`, that model's tokenizer (the
 * operator's default model) is built now, in time slices, so the first
 * question does not build it while webhooks wait (`ready()` never rejects).
 *
 * @example
 * const tokenCounterFor = createTokenCounters({ warmUp: operator.model });
 * tokenCounterFor("gpt-4o").count("Where does the retry give up?");
 */
export function createTokenCounters(
  options: { warmUp?: string } = {},
): (model: string) => TokenCounter {
  const counters = new Map<string, TokenCounter>();
  const tokenCounterFor = (model: string): TokenCounter => {
    let counter = counters.get(model);
    if (!counter)
      counters.set(model, (counter = createTokenCounter({ model })));
    return counter;
  };
  if (options.warmUp !== undefined)
    void tokenCounterFor(options.warmUp).ready?.();
  return tokenCounterFor;
}
