import type { SimulatedIssue } from "./simulate-similar-issues.js";

/** Precision and coverage of the links shown at one threshold. */
export interface ThresholdRow {
  threshold: number;
  /** Links shown (at most two per issue). */
  shown: number;
  /** Shown links whose fix shares a file with the new issue's. */
  related: number;
  precision: number;
  /** Issues with at least one link shown. */
  linked: number;
  /** `linked` over the issues with an earlier issue in their repository. */
  coverage: number;
}

/**
 * For each threshold, what the answers would have shown: links at or above
 * it (two at most per issue), how many were related, and how many issues
 * got one.
 *
 * @example
 * thresholdTable(simulated, [0.3, 0.4]) // [{ threshold: 0.3, shown: 120, related: 90, precision: 0.75, linked: 80, coverage: 0.2 }, …]
 */
export function thresholdTable(
  issues: readonly SimulatedIssue[],
  thresholds: readonly number[],
): ThresholdRow[] {
  return thresholds.map((threshold) => {
    let shown = 0;
    let related = 0;
    let linked = 0;
    for (const issue of issues) {
      const links = issue.best.filter((b) => b.score >= threshold);
      shown += links.length;
      related += links.filter((b) => b.related).length;
      if (links.length > 0) linked++;
    }
    return {
      threshold,
      shown,
      related,
      precision: shown === 0 ? 0 : related / shown,
      linked,
      coverage: issues.length === 0 ? 0 : linked / issues.length,
    };
  });
}

/**
 * The lowest threshold whose links are related at least `precision` of the
 * time, on at least `minShown` links (fewer say too little), and at every
 * higher threshold that still shows a link: a lucky dip is not chosen.
 * Undefined when none is.
 */
export function chooseThreshold(
  rows: readonly ThresholdRow[],
  precision: number,
  minShown: number,
): ThresholdRow | undefined {
  return rows.find(
    (row, i) =>
      row.shown >= minShown &&
      rows
        .slice(i)
        .every((higher) => higher.shown === 0 || higher.precision >= precision),
  );
}
