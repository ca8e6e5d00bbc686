import { createInFlightRuns } from "../../src/conversation/in-flight-runs.js";
import type { RunQuestionDeps } from "../../src/run/run-question-deps.js";
import type { Clock } from "../../src/shared/clock.js";
import { createTokenCounter } from "../../src/tokens/create-token-counter.js";

const SILENT = { info() {}, warn() {}, error() {} };

/**
 * What `runQuestion` needs to answer from retrieval alone (no model, no
 * missions, a repository under the snapshot cap), with the fields a test changes.
 */
export function retrievalRunDeps(
  options: Pick<RunQuestionDeps, "clientsFor"> & {
    clock: Clock;
  } & Partial<RunQuestionDeps>,
): RunQuestionDeps {
  const log = options.log ?? SILENT;
  return {
    missions: [],
    operator: {
      model: "gpt-4o",
      contextWindow: 128_000,
      snapshotMaxBytes: 10_000_000,
    },
    modelFor: () => undefined,
    tokenCounterFor: (model) => createTokenCounter({ model }),
    log,
    inFlight: createInFlightRuns(log, { clock: options.clock }),
    ...options,
  };
}
