import { LRUCache } from "lru-cache";
import {
  DEFAULT_ENCODING,
  encodingForModel,
  type EncodingName,
} from "./encoding-for-model.js";
import { estimateTokens } from "./estimate-tokens.js";
import { tokenCountKey } from "./token-count-key.js";
import {
  loadEncoder,
  warmEncoder,
  type Encoder,
  type KeptEncodings,
} from "./load-encoder.js";
import type {
  TokenCounter,
  TokenCountMemo,
  WarnLogger,
} from "./token-counter.js";

export interface TokenCounterOptions {
  /** The model the text is for; picks the encoding (see `encodingForModel`). */
  model?: string;
  /** Use this encoding whatever the model. */
  encoding?: EncodingName;
  /** Encoding for models that are not an OpenAI family (default o200k_base). */
  fallbackEncoding?: EncodingName;
  /** Distinct texts whose counts are remembered (default 20,000); unused with `memo`. */
  cacheSize?: number;
  /** Where counts are remembered instead: one kept between runs, or shared by counters. */
  memo?: TokenCountMemo;
  /** Told once when the tokenizer fails and counts become estimates. */
  log?: WarnLogger;
  /** Decoded encodings kept between processes: the encoder loads from them when it can. */
  keptEncodings?: KeptEncodings;
}

export interface TokenCounterDeps {
  loadEncoder: (name: EncodingName) => Encoder;
  /** Builds the encoder `loadEncoder` returns without holding the event loop. */
  warmEncoder: (name: EncodingName) => Promise<void>;
}

/**
 * A `TokenCounter` backed by js-tiktoken's rank tables. The encoder loads on
 * `ready()` in time slices, or else on the first `count()` in one piece, and
 * is shared by every counter in the process; counts are cached by
 * the encoding and a hash of the text (in `memo` when given), so packing
 * that re-counts the same chunks pays once.
 *
 * Never throws: if the rank table fails to load or encoding fails, it logs one
 * warning and from then on returns `estimateTokens(text)`, which overestimates,
 * so budgets still hold (with less in them).
 *
 * @example
 * const counter = createTokenCounter({ model: "gpt-4o-mini" });
 * counter.encodingName;        // "o200k_base"
 * counter.count("hello world") // 2
 */
export function createTokenCounter(
  options: TokenCounterOptions = {},
  deps: Partial<TokenCounterDeps> = {},
): TokenCounter {
  const kept = options.keptEncodings;
  const load =
    deps.loadEncoder ?? ((name: EncodingName) => loadEncoder(name, kept));
  const warm =
    deps.warmEncoder ??
    ((name: EncodingName) => warmEncoder(name, undefined, kept));
  const encodingName =
    options.encoding ??
    encodingForModel(
      options.model,
      options.fallbackEncoding ?? DEFAULT_ENCODING,
    );
  const cache: TokenCountMemo =
    options.memo ??
    new LRUCache<string, number>({ max: options.cacheSize ?? 20_000 });
  let encoder: Encoder | undefined;
  let failed = false;

  const fallBack = (error: unknown, text: string): number => {
    if (!failed) {
      failed = true;
      const reason = error instanceof Error ? error.message : String(error);
      options.log?.warn(
        `Token counting with ${encodingName} failed (${reason}); counts are now conservative estimates (3 characters per token).`,
      );
    }
    return estimateTokens(text);
  };

  const encodeLength = (text: string): number => {
    if (failed) return estimateTokens(text);
    try {
      encoder ??= load(encodingName);
      return encoder.countTokens(text);
    } catch (error) {
      return fallBack(error, text);
    }
  };

  return {
    encodingName,
    // A failed build is the first count's to report (it falls back then).
    ready: () =>
      encoder || failed
        ? Promise.resolve()
        : warm(encodingName).catch(() => {}),
    count(text: string): number {
      if (text.length === 0) return 0;
      const key = tokenCountKey(encodingName, text);
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const n = encodeLength(text);
      // Estimates are cheap; only real counts earn a cache slot.
      if (!failed) cache.set(key, n);
      return n;
    },
  };
}
