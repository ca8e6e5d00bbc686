/**
 * Counting tokens the way the model will. Everything that fits text into a
 * budget (packing, tool results, prompts) counts through this interface, so a
 * test can pass a trivial counter and production passes the real tokenizer.
 */
export interface TokenCounter {
  /**
   * Tokens in `text`. Never throws: a counter that cannot tokenize falls back
   * to an estimate that errs on the high side, so a budget it guards still holds.
   */
  count(text: string): number;
  /** The tokenizer behind the counts ("o200k_base", "cl100k_base"; a test counter may say "chars"). */
  readonly encodingName: string;
  /**
   * Resolves once counting will not stop to load the tokenizer (whose first
   * load takes about a second), loading it meanwhile in time slices that
   * leave the event loop free; never rejects. Callers on a server's event
   * loop await it before counting. Absent: counting is always ready.
   */
  ready?(): Promise<void>;
}

/** Where a counter reports that it fell back to estimating. Probot's (pino) logger fits. */
export interface WarnLogger {
  warn(message: string): void;
}

/**
 * Token counts remembered by text, beyond one counter: the key names the
 * encoding and a hash of the text, so one memo serves counters of every
 * encoding. The CLI keeps one on disk between runs.
 */
export interface TokenCountMemo {
  get(key: string): number | undefined;
  set(key: string, count: number): void;
}
