/** Jobs accepted and not finished, and who waits for none to be left (`createIdleCount`). */
export interface IdleCount {
  readonly pending: number;
  /** One more job accepted (or taken up). */
  add(): void;
  /** One job finished: when none is left, every `onIdle` resolves. */
  finished(): void;
  onIdle(): Promise<void>;
}

/**
 * Counts the jobs a queue holds, so that `onIdle` can wait for the last
 * one to finish (tests and a graceful stop wait on it, not on a timer).
 *
 * @example
 * const idle = createIdleCount();
 * idle.add(); const done = idle.onIdle(); idle.finished(); await done;
 */
export function createIdleCount(): IdleCount {
  let pending = 0;
  let idleWaiters: Array<() => void> = [];
  return {
    get pending() {
      return pending;
    },
    add() {
      pending++;
    },
    finished() {
      if (--pending > 0) return;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const wake of waiters) wake();
    },
    onIdle() {
      if (pending === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
