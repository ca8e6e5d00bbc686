/**
 * The context budgets measured when none are given, in tokens: SWE-bench's
 * BM25 retrieval sets are cut at 13k, 27k and 50k tokens
 * (princeton-nlp/SWE-bench_bm25_13K, _27K, _50K), and 8k sits below
 * askcode's default `budgets.context` (12,000), where packing matters most.
 */
export const EVAL_BUDGETS: readonly number[] = [8000, 13000, 27000, 50000];
