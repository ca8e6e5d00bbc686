import {
  CHUNK_SIGNALS,
  type ChunkSignal,
} from "../../src/retrieval/rank/chunk-signals.js";
import { logistic, softmax } from "../../src/retrieval/rank/chunk-model.js";
import {
  treesLogits,
  type ChunkTree,
  type ChunkTreeNode,
} from "../../src/retrieval/rank/chunk-trees.js";
import type { HeadRows } from "./fit-chunk-model.js";

/** A head's loss: the line head's softmax cross-entropy per question, or the file head's log-loss per chunk. */
export type HeadLoss = "share" | "log";

export interface BoostOptions {
  /** Trees grown, one a round. */
  rounds: number;
  /** Splits from root to leaf, at most. */
  depth: number;
  /** What each leaf's Newton step is multiplied by. */
  shrinkage: number;
  /** The least hessian (in questions' worth, see `boostTrees`) each side of a split must hold. */
  minHessian: number;
  /** L2 penalty on leaf values (added to a leaf's hessian). */
  l2: number;
  /** Quantiles of each signal its split points come from. */
  bins: number;
}

export interface BoostedHead {
  trees: ChunkTree[];
  /** The loss per question after each round, index 0 before the first tree, on the rows fitted and (with `watch`) on the rows watched. */
  loss: number[];
  watched: number[];
}

/** Rows measured as the trees grow, without being fitted: a fold's held-out questions. */
export interface Watch {
  rows: HeadRows;
  /** Their logits before any tree (the linear head's). */
  base: Float64Array;
}

/**
 * Gradient-boosted regression trees on top of a head's logits `base` (its
 * linear weights' dot products), so the trees fit what the linear head
 * misses. Each round takes the loss's gradient g and hessian h at the
 * current logits (softmax within each question: g = p − y, h = p(1 − p);
 * logistic per chunk the same, each chunk weighing 1 / its question's
 * chunks, as the linear fit weighs them), grows one tree level by level
 * choosing the split of most gain G²/(H + λ) over histograms of each
 * signal's quantile bins, and adds each leaf's Newton step
 * −shrinkage · G / (H + λ), rounded as shipped. Hessians are in questions'
 * worth (a question's shares sum to one), so `minHessian` 5 asks each side
 * of a split for about five questions' worth of evidence.
 * No randomness, no sampling: the same rows give the same trees to the bit.
 * A small booster of our own because no npm library fits trees to a
 * softmax within groups in pure JavaScript, deterministically, with the
 * trees exportable as data.
 *
 * @example
 * boostTrees(lineRows(questions), "share", baseLogits, { rounds: 100, depth: 3, shrinkage: 0.1, minHessian: 5, l2: 1, bins: 32 }).trees.length // 100
 */
export function boostTrees(
  rows: HeadRows,
  loss: HeadLoss,
  base: Float64Array,
  o: BoostOptions,
  watch?: Watch,
): BoostedHead {
  const d = CHUNK_SIGNALS.length;
  const n = rows.y.length;
  const cuts = quantileCuts(rows.x, d, o.bins);
  const bins = binRows(rows.x, d, cuts);
  const z = Float64Array.from(base);
  const seen = watch ? Float64Array.from(watch.base) : undefined;
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const order = new Int32Array(n);
  const scratch = new Int32Array(n);
  const trees: ChunkTree[] = [];
  const fitted = [marginLoss(rows, loss, z)];
  const watched = watch && seen ? [marginLoss(watch.rows, loss, seen)] : [];
  // The watched rows as packing reads them, one signal row each.
  const watchRows = watch
    ? Array.from({ length: watch.base.length }, (_, r) =>
        watch.rows.x.subarray(r * d, (r + 1) * d),
      )
    : [];
  for (let round = 0; round < o.rounds; round++) {
    gradients(rows, loss, z, g, h);
    for (let r = 0; r < n; r++) order[r] = r;
    const nodes: ChunkTreeNode[] = [];
    const grow = (from: number, to: number, depth: number): number => {
      const at = nodes.length;
      let sumG = 0;
      let sumH = 0;
      for (let i = from; i < to; i++) {
        const r = order[i] as number;
        sumG += g[r] as number;
        sumH += h[r] as number;
      }
      const split =
        depth < o.depth
          ? bestSplit(order, from, to, bins, cuts, g, h, sumG, sumH, o)
          : undefined;
      if (!split) {
        const value = round5((-o.shrinkage * sumG) / (sumH + o.l2));
        nodes.push([value]);
        for (let i = from; i < to; i++) {
          const r = order[i] as number;
          z[r] = (z[r] as number) + value;
        }
        return at;
      }
      const mid = partition(order, scratch, from, to, bins, d, split);
      const signal = CHUNK_SIGNALS[split.column] as ChunkSignal;
      const threshold = (cuts[split.column] as number[])[split.bin] as number;
      // Numbered in preorder: the children, grown next, come after it.
      nodes.push([signal, threshold, 0, 0]);
      const left = grow(from, mid, depth + 1);
      nodes[at] = [signal, threshold, left, grow(mid, to, depth + 1)];
      return at;
    };
    grow(0, n, 0);
    trees.push(nodes);
    fitted.push(marginLoss(rows, loss, z));
    if (watch && seen) {
      const added = treesLogits([nodes], watchRows);
      for (let r = 0; r < seen.length; r++)
        seen[r] = (seen[r] as number) + (added[r] as number);
      watched.push(marginLoss(watch.rows, loss, seen));
    }
  }
  return { trees, loss: fitted, watched };
}

/**
 * Each signal's split points: the midpoints between the value at each
 * `bins`-quantile of the rows and the next value above it, each once, so
 * a signal that is 0 on most chunks still splits 0 from the rest, and a
 * threshold never equals a value the signal takes (rounded rows and the
 * unrounded signals packing reads fall on the same side).
 */
export function quantileCuts(
  x: Float64Array,
  d: number,
  bins: number,
): number[][] {
  const n = x.length / d;
  const column = new Float64Array(n);
  return CHUNK_SIGNALS.map((_, k) => {
    for (let r = 0; r < n; r++) column[r] = x[r * d + k] as number;
    column.sort();
    const cuts: number[] = [];
    for (let q = 1; q < bins; q++) {
      const v = column[Math.floor((q * n) / bins)] as number;
      const above = upperBound(column, v);
      if (above >= n) break;
      const cut = round5((v + (column[above] as number)) / 2);
      if (cuts.length === 0 || cut > (cuts[cuts.length - 1] as number))
        cuts.push(cut);
    }
    return cuts;
  });
}

/** Each row's bin per signal: how many of the signal's cuts lie below its value. */
function binRows(x: Float64Array, d: number, cuts: number[][]): Uint8Array {
  const bins = new Uint8Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const c = cuts[i % d] as number[];
    const v = x[i] as number;
    let lo = 0;
    let hi = c.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((c[mid] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    bins[i] = lo;
  }
  return bins;
}

interface Split {
  column: number;
  /** Rows in bins up to this one go left (their value is at most cut `bin`). */
  bin: number;
}

/** The split of most gain among the rows `order[from..to)`, or none that gains and leaves each side `minHessian`. */
function bestSplit(
  order: Int32Array,
  from: number,
  to: number,
  bins: Uint8Array,
  cuts: number[][],
  g: Float64Array,
  h: Float64Array,
  sumG: number,
  sumH: number,
  o: BoostOptions,
): Split | undefined {
  const d = cuts.length;
  const width = 256;
  const histG = new Float64Array(d * width);
  const histH = new Float64Array(d * width);
  for (let i = from; i < to; i++) {
    const r = order[i] as number;
    const gr = g[r] as number;
    const hr = h[r] as number;
    const at = r * d;
    for (let k = 0; k < d; k++) {
      const b = k * width + (bins[at + k] as number);
      histG[b] = (histG[b] as number) + gr;
      histH[b] = (histH[b] as number) + hr;
    }
  }
  const whole = (sumG * sumG) / (sumH + o.l2);
  let best: Split | undefined;
  let bestGain = 1e-9;
  for (let k = 0; k < d; k++) {
    let leftG = 0;
    let leftH = 0;
    const count = (cuts[k] as number[]).length;
    for (let b = 0; b < count; b++) {
      leftG += histG[k * width + b] as number;
      leftH += histH[k * width + b] as number;
      const rightH = sumH - leftH;
      if (leftH < o.minHessian || rightH < o.minHessian) continue;
      const rightG = sumG - leftG;
      const gain =
        (leftG * leftG) / (leftH + o.l2) +
        (rightG * rightG) / (rightH + o.l2) -
        whole;
      if (gain > bestGain) {
        bestGain = gain;
        best = { column: k, bin: b };
      }
    }
  }
  return best;
}

/** Puts the rows going left before those going right, each in their order; returns where the right begins. */
function partition(
  order: Int32Array,
  scratch: Int32Array,
  from: number,
  to: number,
  bins: Uint8Array,
  d: number,
  split: Split,
): number {
  let left = from;
  let right = 0;
  for (let i = from; i < to; i++) {
    const r = order[i] as number;
    if ((bins[r * d + split.column] as number) <= split.bin) order[left++] = r;
    else scratch[right++] = r;
  }
  order.set(scratch.subarray(0, right), left);
  return left;
}

/** The loss's gradient and hessian per row at logits `z`, each question weighing one. */
function gradients(
  rows: HeadRows,
  loss: HeadLoss,
  z: Float64Array,
  g: Float64Array,
  h: Float64Array,
): void {
  forQuestions(rows, z, loss, (r, p, weight) => {
    const y = rows.y[r] as number;
    g[r] = (p - y) * weight;
    // Floored: a chunk the softmax all but rules out still counts a little.
    h[r] = Math.max(p * (1 - p), 1e-12) * weight;
  });
}

/**
 * A head's loss per question at logits `z`, as the linear fit measures it
 * (`shareLoss`, `logLoss`): the line head's cross-entropy of each
 * question's softmax against its shares, the file head's mean log-loss
 * of a question's chunks, then the mean over questions.
 */
export function marginLoss(
  rows: HeadRows,
  loss: HeadLoss,
  z: Float64Array,
): number {
  let total = 0;
  forQuestions(rows, z, loss, (r, p, weight) => {
    const y = rows.y[r] as number;
    if (loss === "share") {
      if (y > 0) total -= y * Math.log(Math.max(p, 1e-300));
    } else
      total -=
        weight *
        (y * Math.log(Math.max(p, 1e-12)) +
          (1 - y) * Math.log(Math.max(1 - p, 1e-12)));
  });
  return total / Math.max(1, rows.starts.length - 1);
}

/**
 * Calls `each` for every row with its probability under logits `z` (a
 * softmax over its question's rows, or a logistic) and its weight in its
 * question (1, or 1 / the question's rows for the log-loss).
 */
function forQuestions(
  rows: HeadRows,
  z: Float64Array,
  loss: HeadLoss,
  each: (row: number, p: number, weight: number) => void,
): void {
  for (let q = 0; q + 1 < rows.starts.length; q++) {
    const from = rows.starts[q] as number;
    const to = rows.starts[q + 1] as number;
    if (loss === "share") {
      const p = softmax(Array.from(z.subarray(from, to)));
      for (let r = from; r < to; r++) each(r, p[r - from] as number, 1);
    } else
      for (let r = from; r < to; r++)
        each(r, logistic(z[r] as number), 1 / (to - from));
  }
}

/** The first index whose value is above v, in ascending `a`. */
function upperBound(a: Float64Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((a[mid] as number) <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function round5(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}
