/**
 * A whole number with its digits grouped by commas, as
 * `n.toLocaleString("en")` writes it, without ICU: the first
 * `toLocaleString` of a process builds a number formatter, 5-40 ms of a
 * warm `askcode ask` whose report prints four counts. Other numbers are
 * left to `toLocaleString`.
 *
 * @example
 * groupDigits(12000) // "12,000"
 * groupDigits(-1234567) // "-1,234,567"
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en");
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}
