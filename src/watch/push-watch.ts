import type { PushFacts } from "./push-facts.js";

/** The pushes one process checks, one at a time, after their webhooks were answered. */
export interface PushWatch {
  /** Queues a push's check; returns at once (GitHub gives a delivery 10 seconds). */
  watch(push: PushFacts): void;
  /** Resolves once every push queued so far was checked (tests, and the shutdown). */
  idle(): Promise<void>;
}

/**
 * Runs `check` for each push, one after another, outside the webhook's
 * request: a check reads the store and maybe GitHub, which a delivery must
 * not wait for. A failed check is logged and the next runs; nothing is
 * retried, since the next push to the same code compares from where each
 * answer was last found unchanged, and so sees this push's changes too.
 *
 * @example
 * const pushes = createPushWatch((push) => checkPushedAnswers(push, deps), app.log);
 * pushes.watch(push); // returns at once
 * await pushes.idle();
 */
export function createPushWatch(
  check: (push: PushFacts) => Promise<unknown>,
  log: { warn(meta: object, message: string): void },
): PushWatch {
  let chain: Promise<void> = Promise.resolve();
  return {
    watch(push) {
      chain = chain
        .then(() => check(push))
        .then(
          () => undefined,
          (error: unknown) =>
            log.warn(
              { err: error, deliveryId: push.deliveryId },
              "askcode could not check its answers against a push",
            ),
        );
    },
    idle: () => chain,
  };
}
