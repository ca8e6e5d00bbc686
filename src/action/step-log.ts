import * as core from "@actions/core";

/** The log a component is handed (`createInFlightRuns`'s), as the step's annotations. */
export interface StepLog {
  warn(meta: object, message: string): void;
  error(meta: object, message: string): void;
}

/**
 * A log for what runs before Probot's (the signal wiring in `main.ts`):
 * each line a warning or error annotation on the step, with its cause, so
 * the run's page shows it beside the failure it explains.
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands
 *
 * @example
 * const inFlight = createInFlightRuns(stepLog);
 */
export const stepLog: StepLog = {
  warn: (meta, message) => core.warning(withCause(meta, message)),
  error: (meta, message) => core.error(withCause(meta, message)),
};

function withCause(meta: object, message: string): string {
  const err = (meta as { err?: unknown }).err;
  if (err === undefined) return message;
  return `${message}: ${err instanceof Error ? err.message : String(err)}`;
}
