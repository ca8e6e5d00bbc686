import { gateCurve, type GatePoint } from "../../src/eval/gate-curve.js";
import { markdownTable, percent } from "../../src/eval/markdown-table.js";

/** One set's points, named for its columns. */
export interface NamedPoints {
  name: string;
  points: readonly GatePoint[];
}

/**
 * The gate's curve on several sets side by side: one row per threshold,
 * per set its coverage and precision (and how many answered), the
 * threshold `marked` flagged; then a row of each set's size and share of
 * hits with no gate at all.
 *
 * @example
 * renderGateTable([{ name: "held-out", points }], [0, 0.5, 0.9], 0.74)
 * // "| threshold | held-out coverage | precision | answered |\n|…"
 */
export function renderGateTable(
  sets: readonly NamedPoints[],
  thresholds: readonly number[],
  marked?: number,
): string {
  const all = [
    ...new Set([...thresholds, ...(marked === undefined ? [] : [marked])]),
  ].sort((a, b) => a - b);
  const curves = sets.map((s) => gateCurve(s.points, all));
  const head = [
    "threshold",
    ...sets.flatMap((s) => [`${s.name} coverage`, "precision", "answered"]),
  ];
  const rows = all.map((t, i) => [
    `${t.toFixed(2)}${t === marked ? " (default)" : ""}`,
    ...curves.flatMap((curve) => {
      const row = curve[i];
      return row
        ? [
            percent(row.coverage),
            row.answered === 0 ? "-" : percent(row.precision),
            String(row.answered),
          ]
        : [];
    }),
  ]);
  return markdownTable(head, rows);
}
