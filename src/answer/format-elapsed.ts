/**
 * How long a run took, as the answer's footer says it: tenths of a second
 * under a minute, then minutes and whole seconds.
 *
 * @example
 * formatElapsed(4_230)  // "4.2s"
 * formatElapsed(83_600) // "1m 24s"
 */
export function formatElapsed(ms: number): string {
  const tenths = Math.round(Math.max(0, ms) / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}
