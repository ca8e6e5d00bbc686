import type { Clock } from "./clock.js";

/** Where a burst warning is written (Probot's logger, pino). */
export interface WarnLog {
  warn(meta: object, message: string): void;
}

/** A warning said once per burst of the same failure. */
export interface BurstWarning {
  /** Logs `message` unless it was logged less than the quiet period ago in this burst. */
  failed(error: unknown, message: string): void;
  /** Ends the burst: the next failure is logged at once. */
  recovered(): void;
}

/**
 * A failure that every request meets while it lasts (Redis down) is logged
 * once, then at most once per `quietMs` while it goes on, and again at once
 * after a success: the log says when an outage started and that it is still
 * on, without a line per request.
 *
 * @example
 * const warning = createBurstWarning({ log: app.log, clock: systemClock });
 * try { await redis.get(key); warning.recovered(); } catch (error) { warning.failed(error, "Redis is unreachable"); }
 */
export function createBurstWarning(options: {
  log?: WarnLog;
  clock: Pick<Clock, "now">;
  quietMs?: number;
}): BurstWarning {
  const quietMs = options.quietMs ?? 60_000;
  let suppressedUntil: number | undefined;
  let suppressed = 0;
  return {
    failed(error, message) {
      const now = options.clock.now();
      if (suppressedUntil !== undefined && now < suppressedUntil) {
        suppressed++;
        return;
      }
      options.log?.warn(
        { err: error, ...(suppressed > 0 ? { suppressed } : {}) },
        message,
      );
      suppressed = 0;
      suppressedUntil = now + quietMs;
    },
    recovered() {
      suppressedUntil = undefined;
      suppressed = 0;
    },
  };
}
