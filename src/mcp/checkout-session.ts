import type { CodeReader, ResolvedRef } from "../code-host/code-host.js";
import type { RepositoryIndex } from "../retrieval/index/index-repository.js";
import type { TokenCounter } from "../tokens/token-counter.js";

/** The checkout as one call sees it. */
export interface CheckoutView {
  root: string;
  /** The code host's label ("local:/home/ada/flask"). */
  source: string;
  resolved: ResolvedRef;
  /** The files as they are: what the index is built from. */
  reader: CodeReader;
  /** The same files with their secrets redacted: what the tools show. */
  redacting: CodeReader;
  /** The session's tokenizer, loaded once. */
  tokenCounter: TokenCounter;
}

/**
 * The shown files as an answer read them, and redacted: what the answer is
 * redacted by (`redactShownText`). An answer from an index reads them from
 * the index, whose texts are the ones it shows, so it lists no checkout.
 */
export interface ShownReaders {
  reader: CodeReader;
  redacting: CodeReader;
}

/** A question's answer as text, and the files whose lines it shows (to redact them). */
export interface AnsweredText {
  text: string;
  shown: string[];
  readers: ShownReaders;
}

/** The whole index of the checkout in view, and the readers of the texts it holds. */
export interface HeldIndex {
  index: RepositoryIndex;
  readers: ShownReaders;
}

/**
 * What every call of one MCP server shares, built by its composition root
 * (`askcode mcp`, src/cli/run-mcp.ts) and handed to the tools: a view of
 * the checkout per call (with the tokenizer), and retrieval as `askcode
 * ask` runs it, with its caches and the index it holds between calls.
 */
export interface CheckoutSession {
  /**
   * Runs `use` on a view of the checkout opened for this call: the working
   * tree as it is now (an agent edits it between calls), or the commit the
   * server was started on. The view is closed after.
   */
  withCheckout<T>(use: (view: CheckoutView) => Promise<T>): Promise<T>;
  /** A question answered from retrieval, in `askcode ask`'s words, within `budget` tokens of packed code. */
  ask(
    view: CheckoutView,
    question: string,
    budget: number,
  ): Promise<AnsweredText>;
  /** The whole index of the checkout in view (held in memory while nothing changes). */
  index(view: CheckoutView): Promise<HeldIndex>;
}
