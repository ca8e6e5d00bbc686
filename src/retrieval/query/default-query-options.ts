import type { QueryOptions } from "./query-analysis.js";

/**
 * How retrieval analyses a question unless its caller says otherwise
 * (`RetrieveOptions.query`): without the vocabulary bridge, which did not
 * move the training set's held-out part (docs/architecture/retrieval.md,
 * 'The vocabulary bridge'); `bench:swebench --bridge-weight` measures it.
 */
export const DEFAULT_QUERY_OPTIONS: QueryOptions = {};
