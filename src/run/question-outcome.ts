import type { FailureReason } from "../question/failure-reason.js";

/** How a run ended: its reply is an answer, or says why there is none. */
export type QuestionOutcome =
  { kind: "answered" } | { kind: "failed"; reason: FailureReason["kind"] };
