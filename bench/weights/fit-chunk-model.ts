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
  /** Gradient steps of each head (default 600). */
  steps?: number;
  /** L2 penalty per weight, the intercept's excepted (default 0.001). */
  l2?: number;
}

export interface ChunkModelFit {
  /** The two heads; the packing knobs are chosen apart, with the real packer (`knobSearch`). */
  heads: Pick<ChunkModel, "line" | "file">;
  questions: number;
  rows: number;
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
 * of what counts; trees fit on a few hundred questions would learn their
 * repositories.
 *
 * @example
 * fitChunkModel(questions).heads.line.score // 1.9545
 */
export function fitChunkModel(
  questions: readonly QuestionRows[],
  options: ChunkModelFitOptions = {},
): ChunkModelFit {
  const sorted = [...questions]
    .filter((q) => q.chunks.length > 0 && q.goldLines > 0)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const steps = options.steps ?? 600;
  const l2 = options.l2 ?? 0.001;
  const line = fitShares(sorted, steps, l2);
  const file = fitLogistic(
    sorted,
    (q, c) => c.goldFile / Math.max(1, q.goldFiles),
    steps,
    l2,
  );
  const heads = {
    line: named(line.weights),
    file: named(file.weights),
  };
  return {
    heads,
    questions: sorted.length,
    rows: sorted.reduce((sum, q) => sum + q.chunks.length, 0),
    loss: { line: line.loss, file: file.loss },
  };
}

type Row = QuestionRows["chunks"][number];

/**
 * One logistic regression: E[label] = σ(w · x) (a label between 0 and 1),
 * mean log-loss per question (then over questions) plus L2 on every weight
 * but the intercept, by full-batch Adam from zeros.
 */
function fitLogistic(
  questions: readonly QuestionRows[],
  label: (q: QuestionRows, c: Row) => number,
  steps: number,
  l2: number,
): { weights: Float64Array; loss: [number, number] } {
  const xs = questions.map((q) => q.chunks.map((c) => Float64Array.from(c.x)));
  const ys = questions.map((q) => q.chunks.map((c) => label(q, c)));
  const loss = (w: Float64Array) => {
    let total = 0;
    for (const [n, rows] of xs.entries()) {
      let sum = 0;
      for (const [i, x] of rows.entries()) {
        const p = logistic(dot(w, x));
        const y = ys[n]?.[i] as number;
        sum -=
          y * Math.log(Math.max(p, 1e-12)) +
          (1 - y) * Math.log(Math.max(1 - p, 1e-12));
      }
      total += sum / rows.length;
    }
    return total / (xs.length || 1);
  };
  return adam(steps, l2, loss, (w, grad) => {
    for (const [n, rows] of xs.entries()) {
      const share = 1 / rows.length / xs.length;
      for (const [i, x] of rows.entries()) {
        const g = (logistic(dot(w, x)) - (ys[n]?.[i] as number)) * share;
        for (let k = 0; k < x.length; k++)
          grad[k] = (grad[k] as number) + g * (x[k] as number);
      }
    }
  });
}

/**
 * The line head: per question, a softmax over its chunks' logits w · x fitted
 * to the share of the question's ranked changed lines each chunk holds
 * (cross-entropy per question, then the mean over questions that rank a
 * changed line), plus L2 on every weight but the intercept, which a softmax
 * cannot see and so stays 0.
 */
function fitShares(
  questions: readonly QuestionRows[],
  steps: number,
  l2: number,
): { weights: Float64Array; loss: [number, number] } {
  const used = questions.filter((q) => q.chunks.some((c) => c.gold > 0));
  const xs = used.map((q) => q.chunks.map((c) => Float64Array.from(c.x)));
  const ts = used.map((q) => {
    const held = q.chunks.reduce((sum, c) => sum + c.gold, 0);
    return q.chunks.map((c) => c.gold / held);
  });
  const loss = (w: Float64Array) => {
    let total = 0;
    for (const [n, rows] of xs.entries()) {
      const p = softmax(rows.map((x) => dot(w, x)));
      for (const [i, t] of (ts[n] as number[]).entries())
        if (t > 0) total -= t * Math.log(Math.max(p[i] as number, 1e-300));
    }
    return total / (xs.length || 1);
  };
  return adam(steps, l2, loss, (w, grad) => {
    for (const [n, rows] of xs.entries()) {
      const p = softmax(rows.map((x) => dot(w, x)));
      for (const [i, x] of rows.entries()) {
        const g = ((p[i] as number) - (ts[n]?.[i] as number)) / xs.length;
        for (let k = 0; k < x.length; k++)
          grad[k] = (grad[k] as number) + g * (x[k] as number);
      }
    }
  });
}

/**
 * Full-batch Adam from all-zero weights: `gradient` adds the loss's gradient
 * at `w` into `grad` (zeroed each step); L2 is added here, the intercept's
 * excepted. Returns the weights rounded as shipped (the model ranks with
 * what the file holds) and the loss before and after.
 */
function adam(
  steps: number,
  l2: number,
  loss: (w: Float64Array) => number,
  gradient: (w: Float64Array, grad: Float64Array) => void,
): { weights: Float64Array; loss: [number, number] } {
  const d = CHUNK_SIGNALS.length;
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
