// The kinds of failure a run ends with, as plain data: run/ classifies an
// error into one (classify-failure.ts) and counts its kind, answer/ renders
// it (render-failure-comment.ts).

/**
 * GitHub refused a read (404 Not Found, 403 Forbidden): its answer and what
 * was being read, which tell the asker what to check. Not askcode's fault.
 */
export interface GitHubRefusal {
  status: 403 | 404;
  subject: "pull-request" | "issue" | "repository";
}

/**
 * Why a run ended without an answer: the kind of failure, nothing more. The
 * upstream error (a model server's or GitHub's message, with its hosts, URLs
 * and stack traces) is for the log alone: a public comment never carries it.
 */
export type FailureReason =
  | { kind: "model-unavailable" }
  | { kind: "model-rate-limited"; retryAfterSeconds?: number }
  | { kind: "model-rejected" }
  | { kind: "time-limit"; seconds: number }
  | { kind: "github" }
  | ({ kind: "github-refused" } & GitHubRefusal)
  | { kind: "internal" }
  /** The question is longer than the repository's `limits.max_question_chars`: nothing was run. */
  | { kind: "question-too-long"; chars: number; maxChars: number }
  /** The question names a branch, tag or commit this repository does not have: nothing was read. */
  | { kind: "ref-not-found"; ref: string }
  /** "retry" where no earlier question was asked of askcode in the thread: nothing was run. */
  | { kind: "nothing-to-retry" }
  /** A question that starts with `/name`, a command askcode does not have: nothing was run. */
  | { kind: "unknown-command"; name: string; suggestion?: string }
  /** A members-only command (`/deeper`) from someone who is not one: nothing was run. */
  | { kind: "members-only"; name: string };
