import type { TokenCounter } from "../../src/tokens/token-counter.js";

/** One token per four characters: a cheap, deterministic stand-in for the real tokenizer. */
export const quarterTokenCounter: TokenCounter = {
  encodingName: "quarter-chars",
  count: (text) => Math.ceil(text.length / 4),
};
