/**
 * The nearest-rank percentile of a list (p = 50: median, 100: maximum); 0 for none.
 *
 * @example
 * percentileOf([30, 10, 20], 50) // 20
 */
export function percentileOf(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}
