/** What the asker is told while a run that failed waits for its next attempt. */
export interface RetryNotice {
  /** What failed, in the asker's words: "GitHub answered 502", "the model could not be reached". */
  failed: string;
  /** When it failed and when the next attempt starts (epoch ms). */
  at: number;
  retryAt: number;
  /** The next attempt's number, of how many in all. */
  attempt: number;
  attempts: number;
}

/**
 * The placeholder while a question waits to be tried again: what failed,
 * when, and when askcode tries again, so the asker is not left looking at
 * a checklist that stopped moving. Begins with ⏳ as every comment of a
 * run still working does; the answer, or the last attempt's failure, replaces
 * it. Times are UTC, to the second.
 *
 * @example
 * renderRetryNotice({ failed: "GitHub answered 502", at, retryAt, attempt: 2, attempts: 3 })
 * // "⏳ **askcode will try again at 04:12:40 UTC** (attempt 2 of 3): GitHub answered 502 at 04:12:20 UTC. …"
 */
export function renderRetryNotice(notice: RetryNotice): string {
  return [
    `⏳ **askcode will try again at ${clockTime(notice.retryAt)}** (attempt ${notice.attempt} of ${notice.attempts}): ${notice.failed} at ${clockTime(notice.at)}.`,
    "",
    "This comment becomes the answer once it is ready; nothing needs to be asked again.",
  ].join("\n");
}

function clockTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(11, 19)} UTC`;
}
