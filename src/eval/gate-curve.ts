import type { InstanceResult } from "./result-types.js";

/** One question as the gate's calibration sees it. */
export interface GatePoint {
  score: number;
  /** The shown places held a file the fix changed. */
  hit: boolean;
}

/** Coverage and precision of the gate at one threshold. */
export interface GateCurveRow {
  threshold: number;
  /** Questions scored at or above the threshold. */
  answered: number;
  /** `answered` over all questions. */
  coverage: number;
  /** Answered questions whose shown places hit, over `answered` (0 when none is answered). */
  precision: number;
}

/** The thresholds a curve lists by default: 0 to 0.95 by 0.05. */
export const CURVE_THRESHOLDS: readonly number[] = Array.from(
  { length: 20 },
  (_, i) => i / 20,
);

/**
 * For each threshold, how many questions the gate would answer (score at
 * or above it) and how many of those answers would show a file the fix
 * changed.
 *
 * @example
 * gateCurve([{ score: 0.9, hit: true }, { score: 0.4, hit: false }], [0.5])
 * // [{ threshold: 0.5, answered: 1, coverage: 0.5, precision: 1 }]
 */
export function gateCurve(
  points: readonly GatePoint[],
  thresholds: readonly number[] = CURVE_THRESHOLDS,
): GateCurveRow[] {
  return thresholds.map((threshold) => {
    const answered = points.filter((p) => p.score >= threshold);
    const hits = answered.filter((p) => p.hit).length;
    return {
      threshold,
      answered: answered.length,
      coverage: points.length === 0 ? 0 : answered.length / points.length,
      precision: answered.length === 0 ? 0 : hits / answered.length,
    };
  });
}

/**
 * The lowest threshold of `thresholds` (so the best coverage) whose
 * precision on `points` is at least `minPrecision` with at least
 * `minAnswered` questions answered; undefined when none reaches it.
 *
 * @example
 * chooseThreshold(points, { minPrecision: 0.9 }) // 0.74
 */
export function chooseThreshold(
  points: readonly GatePoint[],
  options: {
    minPrecision: number;
    thresholds?: readonly number[];
    minAnswered?: number;
  },
): GateCurveRow | undefined {
  const thresholds = [...(options.thresholds ?? percentGrid())].sort(
    (a, b) => a - b,
  );
  return gateCurve(points, thresholds).find(
    (row) =>
      row.answered >= (options.minAnswered ?? 1) &&
      row.precision >= options.minPrecision,
  );
}

/**
 * The gate's points of a run's results at one budget: failed questions
 * and runs made before the gate are left out. `score` rescores the
 * recorded signals (the bench report uses the current model); without it
 * the score recorded at run time counts.
 *
 * @example
 * gatePoints(report.results, 13_000) // [{ score: 0.93, hit: true }, …]
 */
export function gatePoints(
  results: readonly InstanceResult[],
  budget: number,
  score?: (signals: Readonly<Record<string, number>>) => number,
): GatePoint[] {
  return results.flatMap((r) => {
    const gate = r.error
      ? undefined
      : r.budgets.find((b) => b.budget === budget)?.gate;
    if (!gate) return [];
    return [{ score: score ? score(gate.signals) : gate.score, hit: gate.hit }];
  });
}

// 0.00, 0.01, …, 0.99: fine enough to choose on, coarse enough not to chase single questions.
function percentGrid(): number[] {
  return Array.from({ length: 100 }, (_, i) => i / 100);
}
