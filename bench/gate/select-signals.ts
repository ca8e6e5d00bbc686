import {
  CONFIDENCE_SIGNALS,
  type ConfidenceSignal,
} from "../../src/retrieval/confidence/confidence-signals.js";
import {
  gateScore,
  type LogisticGate,
  type TreeGate,
} from "../../src/retrieval/confidence/gate-model.js";
import { fitGateModel, type GateExample } from "./fit-gate-model.js";

/** A training question with the repository it comes from. */
export interface GroupedExample extends GateExample {
  repo: string;
}

/** One step of the selection: the signals so far and how well they ordered unseen repositories' questions. */
export interface SelectionStep {
  signals: ConfidenceSignal[];
  auc: number;
}

/**
 * Chooses the signals the gate's model uses, by forward selection on the
 * training questions with leave-one-repository-out cross-validation: each
 * step adds the signal whose model, fitted without a repository, best
 * orders that repository's questions (the area under the ROC curve of all
 * questions pooled, each scored by a model that never saw its repository),
 * and it stops when no signal adds at least `minGain`. A signal that only
 * tells the training repositories apart is left out, since the gate must
 * work on repositories it never saw. Deterministic: ties go to the earlier
 * signal of CONFIDENCE_SIGNALS.
 *
 * @example
 * selectSignals(examples).at(-1)?.signals // ["margin", "bestNamed"]
 */
export function selectSignals(
  examples: readonly GroupedExample[],
  options: { l2?: number; minGain?: number } = {},
): SelectionStep[] {
  const minGain = options.minGain ?? 0.002;
  const steps: SelectionStep[] = [];
  let chosen: ConfidenceSignal[] = [];
  let best = 0.5;
  for (;;) {
    let next: SelectionStep | undefined;
    for (const signal of CONFIDENCE_SIGNALS) {
      if (chosen.includes(signal)) continue;
      const signals = [...chosen, signal];
      const auc = crossValidatedAuc(examples, signals, options.l2);
      if (!next || auc > next.auc) next = { signals, auc };
    }
    if (!next || next.auc < best + minGain) return steps;
    steps.push(next);
    chosen = next.signals;
    best = next.auc;
  }
}

/**
 * The area under the ROC curve of every question scored by the model
 * fitted without its repository, the intercept left out: it only moves a
 * fold's scores up or down together, by how often the repositories left in
 * hit, which would tell the folds apart rather than the questions.
 */
export function crossValidatedAuc(
  examples: readonly GroupedExample[],
  signals: readonly ConfidenceSignal[],
  l2?: number,
): number {
  return areaUnderCurve(
    crossValidatedScores(examples, (rest) => ({
      ...fitGateModel(rest, { signals, ...(l2 !== undefined ? { l2 } : {}) })
        .model,
      intercept: 0,
    })),
  );
}

/**
 * Every question scored by the model `fit` makes without its repository
 * (leave one repository out), in the examples' order: what the gate would
 * say of a repository it never saw, so a threshold chosen on these scores
 * holds on unseen repositories as it does here.
 *
 * @example
 * chooseThreshold(crossValidatedScores(examples, (rest) => fitGateTree(rest)), { minPrecision: 0.9 })
 */
export function crossValidatedScores(
  examples: readonly GroupedExample[],
  fit: (rest: readonly GroupedExample[]) => LogisticGate | TreeGate,
): Array<{ score: number; hit: boolean }> {
  const scores = new Array<number>(examples.length).fill(0);
  const repos = [...new Set(examples.map((e) => e.repo))].sort();
  for (const repo of repos) {
    const rest = examples.filter((e) => e.repo !== repo);
    if (rest.length === 0) continue;
    const model = fit(rest);
    examples.forEach((e, i) => {
      if (e.repo === repo) scores[i] = gateScore(model, e.signals);
    });
  }
  return examples.map((e, i) => ({ score: scores[i] as number, hit: e.hit }));
}

// The chance a hit scores above a miss, ties counting half.
function areaUnderCurve(
  scored: ReadonlyArray<{ score: number; hit: boolean }>,
): number {
  const hits = scored.filter((s) => s.hit).map((s) => s.score);
  const misses = scored.filter((s) => !s.hit).map((s) => s.score);
  if (hits.length === 0 || misses.length === 0) return 0.5;
  let wins = 0;
  for (const h of hits)
    for (const m of misses) wins += h > m ? 1 : h === m ? 0.5 : 0;
  return wins / (hits.length * misses.length);
}
