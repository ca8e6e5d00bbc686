import { redactSecrets } from "../policy/redact-secrets.js";
import { commitLink, type RepositoryAtSha } from "./permalink.js";

/** Why a run ended without an answer; `detail` is the upstream error, for the collapsed section. */
export type FailureReason =
  | { kind: "model-unavailable"; detail?: string }
  | { kind: "model-rate-limited"; retryAfterSeconds?: number; detail?: string }
  | { kind: "model-rejected"; detail?: string }
  | { kind: "time-limit"; seconds: number }
  | { kind: "budget-exhausted"; detail?: string }
  | { kind: "github"; detail?: string }
  | { kind: "internal"; detail?: string };

export interface FailureMeta {
  /** The app's handle, for "mention `@askcode` again". */
  handle?: string;
  /** The commit the run read, when it got that far. */
  repository?: RepositoryAtSha;
}

const MAX_DETAIL = 1_000;

/**
 * The comment that replaces the progress message when a run cannot answer:
 * that it could not, why in one sentence, and what the asker can do (ask
 * again later, narrow the question, or ask a maintainer). The upstream error
 * goes in a collapsed section, redacted and cut short.
 *
 * @example
 * await renderFailureComment({ kind: "model-rate-limited", retryAfterSeconds: 60 }, { handle: "askcode" })
 * // "askcode could not finish an answer to this question.\n\nThe model hit its rate limit …"
 */
export async function renderFailureComment(
  reason: FailureReason,
  meta: FailureMeta = {},
): Promise<string> {
  // A code span: a handle in plain text would notify any user of that name.
  const again = `mention \`@${meta.handle ?? "askcode"}\` again`;
  const [why, todo] = explain(reason, again);
  const out = [
    "askcode could not finish an answer to this question.",
    "",
    `${why} ${todo}`,
  ];
  const detail = "detail" in reason ? reason.detail?.trim() : undefined;
  if (detail) {
    const cut =
      detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail;
    const fence = "`".repeat(Math.max(3, longestRun(cut) + 1));
    out.push(
      "",
      "<details>",
      "<summary>What went wrong</summary>",
      "",
      fence,
      cut,
      fence,
      "",
      "</details>",
    );
  }
  const r = meta.repository;
  out.push(
    "",
    r
      ? `<sub>askcode · read at [${r.sha.slice(0, 7)}](${commitLink(r)})</sub>`
      : "<sub>askcode</sub>",
  );
  return (await redactSecrets(out.join("\n"))).text;
}

function explain(reason: FailureReason, again: string): [string, string] {
  switch (reason.kind) {
    case "model-unavailable":
      return [
        "The model did not answer, even after several tries.",
        `Please ${again} in a few minutes; if it keeps failing, a maintainer can check the model server.`,
      ];
    case "model-rate-limited": {
      const wait = reason.retryAfterSeconds
        ? ` and asked askcode to wait ${formatSeconds(reason.retryAfterSeconds)}`
        : "";
      return [
        `The model hit its rate limit${wait}.`,
        `Please ${again} ${reason.retryAfterSeconds ? "after that" : "in a few minutes"}.`,
      ];
    }
    case "model-rejected":
      return [
        "The model refused the request, so asking again will not help.",
        "A maintainer needs to check the model's name, key and context window in askcode's configuration.",
      ];
    case "time-limit":
      return [
        `The run reached its time limit of ${formatSeconds(reason.seconds)} before the answer was ready.`,
        `A narrower question (naming a function, a file or an error message) needs fewer steps; ${again} with one.`,
      ];
    case "budget-exhausted":
      return [
        "The run used its whole token budget before the answer was ready.",
        `A narrower question (naming a function, a file or an error message) needs less context; ${again} with one.`,
      ];
    case "github":
      return [
        "GitHub did not answer as expected while askcode was reading the code.",
        `Please ${again} in a few minutes.`,
      ];
    case "internal":
      return [
        "Something went wrong inside askcode.",
        `Please ${again}; if it happens again, a maintainer can find the details in the app's logs.`,
      ];
  }
}

function formatSeconds(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} seconds`;
  return `${Math.round(seconds / 60)} minutes`;
}

function longestRun(text: string): number {
  let longest = 0;
  for (const m of text.matchAll(/`+/g))
    longest = Math.max(longest, m[0].length);
  return longest;
}
