import { CHUNK_SIGNALS, type ChunkSignal } from "./chunk-signals.js";
import { treesLogits, type ChunkTree } from "./chunk-trees.js";

/**
 * A learned model of what a fix touches, over the signals of ranked chunks
 * (`chunkSignals`): how the fix's changed lines share out over the
 * question's ranked chunks (a softmax: line recall is a share of each
 * question's lines, so the chunks of one question compete for it), the
 * chance that a chunk's file is a file the fix changed (a logistic
 * regression), and how packing trades one against the other. Fitted by
 * `npm run fit:weights -- --chunk-model` (bench/weights/); the shipped
 * values are in chunk-model-weights.ts.
 */
export interface ChunkModel {
  /** Weights of a chunk's share of the fix's changed lines (softmax logits), per signal. */
  line: Readonly<Record<ChunkSignal, number>>;
  /** Weights of P(the chunk's file is a changed file), per signal. */
  file: Readonly<Record<ChunkSignal, number>>;
  /**
   * Boosted regression trees added to each head's logit (`treesLogit`):
   * what the linear weights miss, such as a signal that counts only beside
   * another. None: the heads are linear.
   */
  trees?: ChunkModelTrees;
  /**
   * What a changed file shown for the first time is worth beside a changed
   * line's chunk (both as expected values per token): packing's trade between
   * another file's best chunk and more of a file already shown.
   */
  newFile: number;
  /**
   * The power tokens count to in packing's gain per token: 1 is per token,
   * lower favours a long chunk (it tends to hold more of a fix's lines).
   */
  cost: number;
  /**
   * Chunks whose score is at least this share of the best go first, in rank
   * order, before the model orders the rest (above 1: the model orders all).
   */
  strong: number;
}

/** Each head's boosted trees, fitted on top of its linear logit. */
export interface ChunkModelTrees {
  line: readonly ChunkTree[];
  file: readonly ChunkTree[];
}

/** A chunk's chances, as the model reads its signals. */
export interface ChunkOdds {
  /** The expected share of the fix's changed lines the chunk holds (over the question's ranked chunks, they sum to 1). */
  line: number;
  /** P(its file is a file the fix changed). */
  file: number;
}

/**
 * Each row's chances under the model (rows as `chunkSignals` makes them, one
 * question's ranked chunks).
 *
 * @example
 * chunkOdds(chunkSignals(ranked), CHUNK_MODEL)[0] // { line: 0.21, file: 0.77 }
 */
export function chunkOdds(
  rows: readonly ArrayLike<number>[],
  model: Pick<ChunkModel, "line" | "file" | "trees">,
): ChunkOdds[] {
  const line = Float64Array.from(CHUNK_SIGNALS, (s) => model.line[s]);
  const file = Float64Array.from(CHUNK_SIGNALS, (s) => model.file[s]);
  const trees = model.trees ?? { line: [], file: [] };
  const lineTrees = treesLogits(trees.line, rows);
  const fileTrees = treesLogits(trees.file, rows);
  const shares = softmax(
    rows.map((x, i) => dot(line, x) + (lineTrees[i] as number)),
  );
  return rows.map((x, i) => ({
    line: shares[i] as number,
    file: logistic(dot(file, x) + (fileTrees[i] as number)),
  }));
}

/**
 * exp(z) over the sum of exp(z), shifted by the largest so no term overflows.
 *
 * @example
 * softmax([0, Math.log(3)]) // [0.25, 0.75]
 */
export function softmax(z: readonly number[]): number[] {
  let top = -Infinity;
  for (const v of z) top = Math.max(top, v);
  const e = z.map((v) => Math.exp(v - top));
  let sum = 0;
  for (const v of e) sum += v;
  return e.map((v) => v / sum);
}

export function dot(w: Float64Array, x: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < w.length; i++) sum += (w[i] as number) * (x[i] as number);
  return sum;
}

export function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}
