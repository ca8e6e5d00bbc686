import {
  CONFIDENCE_SIGNALS,
  type ConfidenceSignal,
  type ConfidenceSignals,
} from "../../src/retrieval/confidence/confidence-signals.js";
import {
  gateScore,
  type LogisticGate,
  type TreeGate,
} from "../../src/retrieval/confidence/gate-model.js";

/** One training question: its signals and whether the shown places hit the fix. */
export interface GateExample {
  signals: Readonly<Record<string, number>>;
  hit: boolean;
}

export interface GateFit<M extends LogisticGate | TreeGate = LogisticGate> {
  model: M;
  /** Mean log-loss on the examples: of the base rate alone, and of the fitted model. */
  loss: { baseRate: number; fitted: number };
  examples: number;
  hits: number;
}

/**
 * Fits the gate's logistic model, P(hit) = σ(intercept + Σ weight × signal),
 * by Newton's method on the mean log-loss plus an L2 penalty on the weights
 * (not the intercept), so a signal that never varies stays at 0 and
 * correlated signals share their weight. Newton's steps from zero are
 * deterministic: the same examples give the same model, to the last bit.
 *
 * @example
 * fitGateModel(examples).model.weights.namesDeclared // 1.7
 */
export function fitGateModel(
  examples: readonly GateExample[],
  options: {
    l2?: number;
    iterations?: number;
    /** Only these signals are fitted; the others weigh 0 (default: all). */
    signals?: readonly ConfidenceSignal[];
  } = {},
): GateFit {
  if (examples.length === 0)
    throw new Error(
      "fitGateModel: no example to fit (no run recorded the gate's signals)",
    );
  const l2 = options.l2 ?? 0.01;
  const used = options.signals ?? CONFIDENCE_SIGNALS;
  const p = used.length + 1;
  const rows = examples.map((e) => [1, ...used.map((s) => e.signals[s] ?? 0)]);
  const y: number[] = examples.map((e) => (e.hit ? 1 : 0));
  const n = rows.length;
  let beta: number[] = new Array<number>(p).fill(0);
  for (let it = 0; it < (options.iterations ?? 50); it++) {
    const gradient = new Array<number>(p).fill(0);
    const hessian = Array.from({ length: p }, () =>
      new Array<number>(p).fill(0),
    );
    for (let i = 0; i < n; i++) {
      const x = rows[i] as number[];
      const q = sigmoid(dot(beta, x));
      const w = q * (1 - q);
      for (let a = 0; a < p; a++) {
        gradient[a] =
          (gradient[a] as number) +
          ((q - (y[i] as number)) * (x[a] as number)) / n;
        const row = hessian[a] as number[];
        for (let b = 0; b < p; b++)
          row[b] =
            (row[b] as number) + (w * (x[a] as number) * (x[b] as number)) / n;
      }
    }
    for (let a = 1; a < p; a++) {
      gradient[a] = (gradient[a] as number) + l2 * (beta[a] as number);
      const row = hessian[a] as number[];
      // A signal that is 0 in every example leaves its row empty: a hair of
      // penalty keeps the system solvable and its weight at 0.
      row[a] = (row[a] as number) + Math.max(l2, 1e-9);
    }
    const step = solve(hessian, gradient);
    beta = beta.map((b, a) => b - (step[a] as number));
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  const weights = Object.fromEntries(
    CONFIDENCE_SIGNALS.map((s) => {
      const i = used.indexOf(s);
      return [s, i < 0 ? 0 : round(beta[i + 1] as number)];
    }),
  ) as ConfidenceSignals;
  return describeFit(examples, {
    kind: "logistic",
    intercept: round(beta[0] as number),
    weights,
  });
}

/**
 * A model with what it did on the examples it was fitted on: their mean
 * log-loss with the base rate alone and with the model's scores.
 *
 * @example
 * describeFit(examples, fitGateTree(examples)).loss // { baseRate: 0.68, fitted: 0.62 }
 */
export function describeFit<M extends LogisticGate | TreeGate>(
  examples: readonly GateExample[],
  model: M,
): GateFit<M> {
  const hits = examples.filter((e) => e.hit).length;
  const rate = hits / examples.length;
  const logLoss = (q: number, hit: boolean) =>
    -Math.log(Math.max(hit ? q : 1 - q, 1e-12));
  return {
    model,
    loss: {
      baseRate: mean(examples.map((e) => logLoss(rate, e.hit))),
      fitted: mean(
        examples.map((e) => logLoss(gateScore(model, e.signals), e.hit)),
      ),
    },
    examples: examples.length,
    hits,
  };
}

// Weights are shipped as source: four decimals say all the fit knows.
function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a.reduce((s, v, i) => s + v * (b[i] as number), 0);
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

// Gaussian elimination with partial pivoting: the system is small (one row
// per signal) and, with the L2 term, positive definite.
function solve(matrix: number[][], vector: number[]): number[] {
  const m = matrix.map((row, i) => [...row, vector[i] as number]);
  const size = m.length;
  for (let c = 0; c < size; c++) {
    let pivot = c;
    for (let r = c + 1; r < size; r++)
      if (
        Math.abs((m[r] as number[])[c] as number) >
        Math.abs((m[pivot] as number[])[c] as number)
      )
        pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const top = m[c] as number[];
    for (let r = c + 1; r < size; r++) {
      const row = m[r] as number[];
      const f = (row[c] as number) / (top[c] as number);
      for (let k = c; k <= size; k++)
        row[k] = (row[k] as number) - f * (top[k] as number);
    }
  }
  const out = new Array<number>(size).fill(0);
  for (let r = size - 1; r >= 0; r--) {
    const row = m[r] as number[];
    let s = row[size] as number;
    for (let k = r + 1; k < size; k++)
      s -= (row[k] as number) * (out[k] as number);
    out[r] = s / (row[r] as number);
  }
  return out;
}
