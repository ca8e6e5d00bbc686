import { formatElapsed } from "./format-elapsed.js";

/**
 * The note an answer opens with when its question waited for GitHub to be
 * reachable again: from when to when (UTC), and how long the question
 * waited, counted from when it was received (the outage may have begun
 * before). Undefined when the last outage ended before the question came,
 * or there was none.
 *
 * @example
 * renderWaitedNote({ since: Date.parse("2026-12-06T04:01:00Z"), until: Date.parse("2026-12-06T04:13:30Z") }, "2026-12-06T04:02:00Z")
 * // "askcode could not reach GitHub from 04:01:00 to 04:13:30 UTC; this answer waited 11m 30s for it."
 */
export function renderWaitedNote(
  outage: { since: number; until: number } | undefined,
  receivedAt: string,
): string | undefined {
  const received = Date.parse(receivedAt);
  if (!outage || Number.isNaN(received) || outage.until <= received)
    return undefined;
  const waited = outage.until - Math.max(outage.since, received);
  return `askcode could not reach GitHub from ${clockTime(outage.since)} to ${clockTime(outage.until)} UTC; this answer waited ${formatElapsed(waited)} for it.`;
}

function clockTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}
