import {
  CHUNK_SIGNALS,
  type ChunkSignal,
} from "../../src/retrieval/rank/chunk-signals.js";
import {
  dot,
  logistic,
  softmax,
  type ChunkModel,
} from "../../src/retrieval/rank/chunk-model.js";
import type { QuestionRows } from "./label-chunks.js";

export interface ChunkModelFitOptions {
  /** Gradient steps of each head (default `FIT_STEPS`). */
  steps?: number;
  /** L2 penalty per weight of each head, the intercept's excepted (default 0.001 each). */
  l2?: Partial<HeadL2>;
}

/** An L2 penalty per head. */
export interface HeadL2 {
  line: number;
  file: number;
}

export const DEFAULT_L2: HeadL2 = { line: 0.001, file: 0.001 };
/** Gradient steps of each head: past the point where the loss stops moving in the fourth decimal the weights ship with. */
export const FIT_STEPS = 600;

export interface ChunkModelFit {
  /** The two heads; the packing knobs are chosen apart, with the real packer (`knobSearch`). */
  heads: Pick<ChunkModel, "line" | "file">;
  questions: number;
  rows: number;
  /** The L2 penalty each head was fitted with. */
  l2: HeadL2;
  /** Mean loss of each head per question at the start (every weight 0) and fitted: cross-entropy of the lines' shares, log-loss of the file's share. */
  loss: { line: [number, number]; file: [number, number] };
}

/**
 * Fits the chunk model on labelled questions (`labelChunks`), each question
 * weighing the same whatever its number of chunks, by full-batch gradient
 * descent with Adam steps from all-zero weights:
 * - the line head is a softmax over each question's ranked chunks fitted to
 *   the share of the question's changed lines each chunk holds (cross-entropy
 *   per question): line recall is a mean of per-question shares, so what
 *   counts is how a question's lines share out among its chunks, and a
 *   chunk holding forty of a fix's lines is worth more than one holding one
 *   (a logistic head on "holds a changed line" valued both alike and showed
 *   fewer lines than rank order on the held-out part);
 * - the file head is a logistic regression on the chunk's file's share of the
 *   question's changed files (1 / their number when it is one, else 0), so both
 *   heads are in the units of the recall they serve.
 * The packing knobs (`newFile`, `cost`, `strong`) are not fitted here: a
 * packing simulation over these rows (chunks whole, by estimated tokens, no
 * section markers, no compression, no map) chose settings that lost in the
 * real bench, so `knobSearch` chooses them by packing with the real packer.
 * No randomness: questions are taken in the order of their ids, so the same rows
 * give the same model to the last bit. A linear model because it runs as one
 * dot product per chunk in TypeScript, needs no library, and reads as a table
 * of what counts; boosted trees on top of it (`--trees`,
 * fit-chunk-trees.ts) are chosen by their loss on repositories they were
 * not fitted on, where trees deeper than stumps learn their repositories.
 *
 * @example
 * fitChunkModel(questions).heads.line.score // 1.9545
 */
export function fitChunkModel(
  questions: readonly QuestionRows[],
  options: ChunkModelFitOptions = {},
): ChunkModelFit {
  const sorted = fitQuestions(questions);
  const steps = options.steps ?? FIT_STEPS;
  const l2 = { ...DEFAULT_L2, ...options.l2 };
  const line = fitHead(lineRows(sorted), shareLoss, steps, l2.line);
  const file = fitHead(fileRows(sorted), logLoss, steps, l2.file);
  const heads = {
    line: named(line.weights),
    file: named(file.weights),
  };
  return {
    heads,
    questions: sorted.length,
    rows: sorted.reduce((sum, q) => sum + q.chunks.length, 0),
    l2,
    loss: { line: line.loss, file: file.loss },
  };
}

type Row = QuestionRows["chunks"][number];

/**
 * The questions a fit learns from, in the order it takes them: those that
 * rank a chunk and whose fix changed a line the index holds, by id, so the
 * same rows in any order give the same model to the last bit.
 */
export function fitQuestions(
  questions: readonly QuestionRows[],
): QuestionRows[] {
  return [...questions]
    .filter((q) => q.chunks.length > 0 && q.goldLines > 0)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * One head's questions as a flat matrix: the rows of question n are
 * `starts[n]` to `starts[n + 1]`, each `CHUNK_SIGNALS.length` numbers of `x`,
 * with their target in `y`. One array, read in order, rather than an array
 * per chunk: a fit passes over every chunk twice per step, and the fits of
 * a cross-validation pass many times more.
 */
export interface HeadRows {
  x: Float64Array;
  y: Float64Array;
  starts: Int32Array;
}

function headRows(
  questions: readonly QuestionRows[],
  target: (q: QuestionRows, c: Row) => number,
): HeadRows {
  // As wide as the rows: the model's signals, or a study's signals beside them.
  const d = questions[0]?.chunks[0]?.x.length ?? CHUNK_SIGNALS.length;
  const starts = new Int32Array(questions.length + 1);
  for (const [n, q] of questions.entries())
    starts[n + 1] = (starts[n] as number) + q.chunks.length;
  const total = starts[questions.length] as number;
  const x = new Float64Array(total * d);
  const y = new Float64Array(total);
  let row = 0;
  for (const q of questions)
    for (const c of q.chunks) {
      x.set(c.x, row * d);
      y[row++] = target(q, c);
    }
  return { x, y, starts };
}

/**
 * The file head's rows: every question's chunks, labelled with the chunk's
 * file's share of the question's changed files (1 / their number when it is
 * one, else 0).
 */
export function fileRows(questions: readonly QuestionRows[]): HeadRows {
  return headRows(questions, (q, c) => c.goldFile / Math.max(1, q.goldFiles));
}

/**
 * The line head's rows: the questions that rank a changed line, each chunk
 * labelled with the share of the question's ranked changed lines it holds.
 */
export function lineRows(questions: readonly QuestionRows[]): HeadRows {
  const used = questions.filter((q) => q.chunks.some((c) => c.gold > 0));
  const held = new Map(
    used.map((q) => [q, q.chunks.reduce((sum, c) => sum + c.gold, 0)]),
  );
  return headRows(used, (q, c) => c.gold / (held.get(q) as number));
}

/** Logits w · x of rows `from` to `to`, into `z` from 0. */
function logits(
  rows: HeadRows,
  w: Float64Array,
  from: number,
  to: number,
  z: Float64Array,
): void {
  const d = w.length;
  const { x } = rows;
  for (let r = from; r < to; r++) {
    let sum = 0;
    const at = r * d;
    for (let k = 0; k < d; k++) sum += (w[k] as number) * (x[at + k] as number);
    z[r - from] = sum;
  }
}

/** The logits w · x of every row: a linear head's, which boosted trees start from. */
export function rowLogits(rows: HeadRows, w: Float64Array): Float64Array {
  const z = new Float64Array(rows.y.length);
  logits(rows, w, 0, z.length, z);
  return z;
}

/** Each question's count of rows, the largest: the scratch a pass needs. */
function widest(rows: HeadRows): number {
  let most = 0;
  for (let n = 1; n < rows.starts.length; n++)
    most = Math.max(
      most,
      (rows.starts[n] as number) - (rows.starts[n - 1] as number),
    );
  return most;
}

/**
 * The file head's loss: log-loss of σ(w · x) per chunk, the mean per
 * question, then over questions; with `grad`, adds its gradient there.
 */
export function logLoss(
  rows: HeadRows,
  w: Float64Array,
  grad?: Float64Array,
): number {
  const d = w.length;
  const questions = rows.starts.length - 1;
  const z = new Float64Array(widest(rows));
  let total = 0;
  for (let n = 0; n < questions; n++) {
    const from = rows.starts[n] as number;
    const to = rows.starts[n + 1] as number;
    logits(rows, w, from, to, z);
    const share = 1 / (to - from) / questions;
    let sum = 0;
    for (let r = from; r < to; r++) {
      const p = logistic(z[r - from] as number);
      const y = rows.y[r] as number;
      sum -=
        y * Math.log(Math.max(p, 1e-12)) +
        (1 - y) * Math.log(Math.max(1 - p, 1e-12));
      if (!grad) continue;
      const g = (p - y) * share;
      for (let k = 0; k < d; k++)
        grad[k] = (grad[k] as number) + g * (rows.x[r * d + k] as number);
    }
    total += sum / (to - from);
  }
  return total / (questions || 1);
}

/**
 * The line head's loss: per question, the cross-entropy of the softmax of
 * its chunks' logits against the share of its changed lines each holds,
 * then the mean over questions; with `grad`, adds its gradient there.
 */
export function shareLoss(
  rows: HeadRows,
  w: Float64Array,
  grad?: Float64Array,
): number {
  const d = w.length;
  const questions = rows.starts.length - 1;
  const z = new Float64Array(widest(rows));
  let total = 0;
  for (let n = 0; n < questions; n++) {
    const from = rows.starts[n] as number;
    const to = rows.starts[n + 1] as number;
    logits(rows, w, from, to, z);
    const p = softmax(Array.from(z.subarray(0, to - from)));
    for (let r = from; r < to; r++) {
      const t = rows.y[r] as number;
      const pr = p[r - from] as number;
      if (t > 0) total -= t * Math.log(Math.max(pr, 1e-300));
      if (!grad) continue;
      const g = (pr - t) / questions;
      for (let k = 0; k < d; k++)
        grad[k] = (grad[k] as number) + g * (rows.x[r * d + k] as number);
    }
  }
  return total / (questions || 1);
}

/** One head fitted on its rows: loss, gradient and the L2 penalty. */
export function fitHead(
  rows: HeadRows,
  loss: (rows: HeadRows, w: Float64Array, grad?: Float64Array) => number,
  steps: number,
  l2: number,
): { weights: Float64Array; loss: [number, number] } {
  return adam(
    rows.y.length > 0 ? rows.x.length / rows.y.length : CHUNK_SIGNALS.length,
    steps,
    l2,
    (w) => loss(rows, w),
    (w, grad) => void loss(rows, w, grad),
  );
}

/**
 * Full-batch Adam from all-zero weights: `gradient` adds the loss's gradient
 * at `w` into `grad` (zeroed each step); L2 is added here, the intercept's
 * excepted. Returns the weights rounded as shipped (the model ranks with
 * what the file holds) and the loss before and after.
 */
function adam(
  d: number,
  steps: number,
  l2: number,
  loss: (w: Float64Array) => number,
  gradient: (w: Float64Array, grad: Float64Array) => void,
): { weights: Float64Array; loss: [number, number] } {
  const w = new Float64Array(d);
  const m = new Float64Array(d);
  const v = new Float64Array(d);
  const grad = new Float64Array(d);
  const before = loss(w);
  const rate = 0.05;
  for (let step = 1; step <= steps; step++) {
    grad.fill(0);
    gradient(w, grad);
    for (let k = 1; k < d; k++)
      grad[k] = (grad[k] as number) + 2 * l2 * (w[k] as number);
    for (let k = 0; k < d; k++) {
      const g = grad[k] as number;
      m[k] = 0.9 * (m[k] as number) + 0.1 * g;
      v[k] = 0.999 * (v[k] as number) + 0.001 * g * g;
      const mHat = (m[k] as number) / (1 - 0.9 ** step);
      const vHat = (v[k] as number) / (1 - 0.999 ** step);
      w[k] = (w[k] as number) - (rate * mHat) / (Math.sqrt(vHat) + 1e-9);
    }
  }
  // Rounded as shipped: the model ranks with what the file holds.
  for (let k = 0; k < d; k++) w[k] = round(w[k] as number);
  return { weights: w, loss: [before, loss(w)] };
}

function named(w: Float64Array): Record<ChunkSignal, number> {
  return Object.fromEntries(
    CHUNK_SIGNALS.map((s, i) => [s, w[i] as number]),
  ) as Record<ChunkSignal, number>;
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
