import {
  EVIDENCE_KINDS,
  type EvidenceWeights,
} from "../../src/retrieval/rank/evidence-weights.js";
import type { ChunkFeatures } from "./chunk-features.js";

/** A ranked chunk with what the fix says of it: 2 it holds a line the fix changed, 1 it is in a file the fix changed, 0 neither. */
export interface LabelledChunk extends ChunkFeatures {
  label: 0 | 1 | 2;
  /** The chunk's file (its position in the index). */
  file: number;
}

export interface FitOptions {
  /** The weights the fit starts from and is pulled toward (the L2 penalty's centre). */
  prior: EvidenceWeights;
  /**
   * Strength of the pull toward `prior`, per weight (default 0.01). At 0.05
   * the fit barely leaves the prior (held-out corpus, 13k: file recall Avg
   * 84.3 → 84.6); at 0.01 it moves enough to show the trade the data holds
   * (docs/architecture/retrieval.md, "Evidence weights").
   */
  l2?: number;
  /** Kinds kept at their prior weight, not fitted. */
  fixed?: readonly (keyof EvidenceWeights)[];
  /** Gradient steps (default 1,500). */
  steps?: number;
  /** Negatives per question: the best-ranked chunks of files the fix did not change (default 50). */
  negatives?: number;
  /** Positives per question and label: the best-ranked (default 20). */
  positives?: number;
  /** Weight of a pair whose positive is a changed file's best-ranked chunk, against one that holds a changed line (default 1). */
  bestOfFile?: number;
}

export interface Fit {
  weights: EvidenceWeights;
  /** Mean pairwise log-loss (per question, then over questions) with the prior and with the fitted weights. */
  loss: { prior: number; fitted: number };
  /** Share of the pairs (weighted as in the loss) ordered right, with the prior and with the fitted weights. */
  ordered: { prior: number; fitted: number };
  pairs: number;
  questions: number;
}

interface Pair {
  /** base(positive) − base(negative), on the question's scale. */
  base: number;
  /** measure(positive) − measure(negative) per kind, on the question's scale. */
  measure: Float64Array;
  weight: number;
}

/**
 * Fits the evidence weights by pairwise logistic regression (RankNet's loss
 * on a linear score): for each question, the chunks that hold a changed line
 * (line recall) and each changed file's best-ranked chunk (file recall)
 * against the best-ranked chunks of unchanged files, P(right order) = σ(τ × (score⁺ −
 * score⁻)) with score = base + Σ weight × measure. Each question counts the
 * same, whatever its number of pairs; features are divided by the question's
 * best score so one scale fits all; weights stay ≥ 0 (evidence never counts
 * against a chunk) and are pulled toward the prior (L2), so a kind the corpus
 * barely sees keeps its hand-set weight. τ, the logistic's slope, is fitted
 * too. Plain projected gradient descent with Adam steps: ten weights need no
 * more, and no library offers the constraint, the per-question weighting and
 * the prior together.
 *
 * @example
 * fitPairwise(questions, { prior: FITTED_WEIGHTS }).weights // { file: 0.62, path: 0.41, … }
 */
export function fitPairwise(
  questions: readonly (readonly LabelledChunk[])[],
  options: FitOptions,
): Fit {
  const kinds = EVIDENCE_KINDS;
  const l2 = options.l2 ?? 0.01;
  const steps = options.steps ?? 1500;
  const pairs: Pair[] = [];
  let used = 0;
  for (const rows of questions) {
    const made = pairsOf(
      rows,
      options.negatives ?? 50,
      options.positives ?? 20,
      options.bestOfFile ?? 1,
    );
    if (made.length === 0) continue;
    used++;
    pairs.push(...made);
  }
  const prior = Float64Array.from(kinds, (k) => options.prior[k]);
  const fixed = new Set(options.fixed ?? []);
  const w = Float64Array.from(prior);
  let logTau = Math.log(4);

  const evaluate = (weights: Float64Array, tau: number) => {
    let loss = 0;
    let right = 0;
    let total = 0;
    for (const p of pairs) {
      const margin = p.base + dot(weights, p.measure);
      loss += p.weight * softplus(-tau * margin);
      if (margin > 0) right += p.weight;
      total += p.weight;
    }
    return { loss: loss / (used || 1), ordered: right / (total || 1) };
  };
  const before = evaluate(prior, Math.exp(logTau));

  // Adam over (w, log τ).
  const n = kinds.length + 1;
  const m = new Float64Array(n);
  const v = new Float64Array(n);
  const grad = new Float64Array(n);
  const rate = 0.02;
  for (let step = 1; step <= steps; step++) {
    grad.fill(0);
    const tau = Math.exp(logTau);
    for (const p of pairs) {
      const margin = p.base + dot(w, p.measure);
      // d/dmargin of softplus(−τ·margin) = −τ·σ(−τ·margin)
      const g = -p.weight * sigmoid(-tau * margin);
      for (let k = 0; k < kinds.length; k++)
        grad[k] = (grad[k] as number) + g * tau * (p.measure[k] as number);
      grad[kinds.length] = (grad[kinds.length] as number) + g * tau * margin;
    }
    for (let k = 0; k < n; k++) grad[k] = (grad[k] as number) / (used || 1);
    for (let k = 0; k < kinds.length; k++)
      grad[k] =
        (grad[k] as number) +
        2 * l2 * ((w[k] as number) - (prior[k] as number));
    for (let k = 0; k < n; k++) {
      const g = grad[k] as number;
      m[k] = 0.9 * (m[k] as number) + 0.1 * g;
      v[k] = 0.999 * (v[k] as number) + 0.001 * g * g;
      const mHat = (m[k] as number) / (1 - 0.9 ** step);
      const vHat = (v[k] as number) / (1 - 0.999 ** step);
      const delta = (rate * mHat) / (Math.sqrt(vHat) + 1e-9);
      if (k < kinds.length) {
        if (!fixed.has(kinds[k] as keyof EvidenceWeights))
          w[k] = Math.max(0, (w[k] as number) - delta);
      } else logTau -= delta;
    }
  }
  const after = evaluate(w, Math.exp(logTau));
  const weights = Object.fromEntries(
    kinds.map((k, i) => [k, round(w[i] as number)]),
  ) as unknown as EvidenceWeights;
  return {
    weights,
    loss: { prior: before.loss, fitted: after.loss },
    ordered: { prior: before.ordered, fitted: after.ordered },
    pairs: pairs.length,
    questions: used,
  };
}

/** One question's pairs, each question's weights summing to 1. */
function pairsOf(
  rows: readonly LabelledChunk[],
  negatives: number,
  positives: number,
  bestOfFile: number,
): Pair[] {
  // The question's scale: its best chunk's score with the prior is what the
  // rows were ranked by; the best base plus measure is close enough.
  let scale = 0;
  for (const r of rows)
    scale = Math.max(
      scale,
      r.base + Object.values(r.measure).reduce((a, b) => a + b, 0),
    );
  if (scale <= 0) return [];
  // Rows come best first: a long changed file's hundredth chunk says little,
  // and a file is found when its best chunk is shown.
  const lines = rows.filter((r) => r.label === 2).slice(0, positives);
  const seen = new Set<number>();
  const files = rows.filter((r) => {
    if (r.label === 0 || seen.has(r.file)) return false;
    seen.add(r.file);
    return true;
  });
  const others = rows.filter((r) => r.label === 0).slice(0, negatives);
  const total = (lines.length + bestOfFile * files.length) * others.length;
  if (total === 0) return [];
  const pairs: Pair[] = [];
  for (const [group, share] of [
    [lines, 1],
    [files, bestOfFile],
  ] as const)
    for (const pos of group)
      for (const neg of others)
        pairs.push({
          base: (pos.base - neg.base) / scale,
          measure: Float64Array.from(
            EVIDENCE_KINDS,
            (k) => (pos.measure[k] - neg.measure[k]) / scale,
          ),
          weight: share / total,
        });
  return pairs;
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

// log(1 + eˣ) without overflow.
function softplus(x: number): number {
  return x > 30 ? x : Math.log1p(Math.exp(x));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
