import type { QUERY_WEIGHTS } from "./query-weights.js";

/** Where a query term came from; ranking explanations quote it. "bridge": a vocabulary bridge added it (`bridgeTerms`). */
export type TermSource = keyof typeof QUERY_WEIGHTS | "bridge";

export interface QueryTerm {
  /** An index term: lowercased identifier or identifier part. */
  term: string;
  /** Multiplies the term's BM25 contribution (see QUERY_WEIGHTS). */
  weight: number;
  /** The strongest evidence the term came from. */
  source: TermSource;
  /** Times it occurred in the question. */
  count: number;
  /** Names a symbol (not a plain word): a chunk defining it is worth more than one using it. */
  symbol: boolean;
  /** A bridged term's word of the question ("hangs" for `timeout`). */
  from?: string;
}
