import { CHUNK_SIGNALS, type ChunkSignal } from "./chunk-signals.js";

/**
 * A learned model of what a fix touches, over the signals of ranked chunks
 * (`chunkSignals`): two logistic regressions, one for the chance that a
 * chunk holds a line the fix changed, one for the chance that its file is a
 * file the fix changed; and how packing trades one against the other. Fitted
 * by `npm run fit:weights -- --chunk-model` (bench/weights/); the shipped
 * values are in chunk-model-weights.ts.
 */
export interface ChunkModel {
  /** Weights of P(the chunk holds a changed line), per signal. */
  line: Readonly<Record<ChunkSignal, number>>;
  /** Weights of P(the chunk's file is a changed file), per signal. */
  file: Readonly<Record<ChunkSignal, number>>;
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
}

/** A chunk's chances, as the model reads its signals. */
export interface ChunkOdds {
  /** P(the chunk holds a line the fix changed). */
  line: number;
  /** P(its file is a file the fix changed). */
  file: number;
}

/**
 * Each row's chances under the model (rows as `chunkSignals` makes them).
 *
 * @example
 * chunkOdds(chunkSignals(ranked), CHUNK_MODEL)[0] // { line: 0.41, file: 0.77 }
 */
export function chunkOdds(
  rows: readonly Float64Array[],
  model: ChunkModel,
): ChunkOdds[] {
  const line = Float64Array.from(CHUNK_SIGNALS, (s) => model.line[s]);
  const file = Float64Array.from(CHUNK_SIGNALS, (s) => model.file[s]);
  return rows.map((x) => ({
    line: logistic(dot(line, x)),
    file: logistic(dot(file, x)),
  }));
}

export function dot(w: Float64Array, x: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < w.length; i++) sum += (w[i] as number) * (x[i] as number);
  return sum;
}

export function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}
