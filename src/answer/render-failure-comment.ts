import { redactSecrets } from "../policy/redact-secrets.js";
import type { RepositoryAtSha } from "../shared/permalink.js";
import type {
  FailureReason,
  GitHubRefusal,
} from "../question/failure-reason.js";
import { codeSpan, readAt } from "./render-footer.js";

export interface FailureMeta {
  /** The app's handle, for "mention `@askcode` again". */
  handle?: string;
  /** The commit the run read, when it got that far. */
  repository?: RepositoryAtSha;
}

/**
 * The comment that replaces the progress message when a run cannot answer:
 * that it could not, why in one sentence, and what the asker can do (ask
 * again later, narrow the question, or ask a maintainer), who finds the
 * upstream error in the app's logs.
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
    reason.kind === "question-too-long" ||
    reason.kind === "ref-not-found" ||
    reason.kind === "nothing-to-retry" ||
    reason.kind === "unknown-command" ||
    reason.kind === "members-only"
      ? "askcode did not start on this question."
      : "askcode could not finish an answer to this question.",
    "",
    `${why} ${todo}`,
  ];
  const r = meta.repository;
  out.push("", r ? `<sub>askcode · ${readAt(r)}</sub>` : "<sub>askcode</sub>");
  return (await redactSecrets(out.join("\n"))).text;
}

function explain(reason: FailureReason, again: string): [string, string] {
  switch (reason.kind) {
    case "model-unavailable":
      return [
        "The model did not answer, even after several tries.",
        `Please ${again} in a few minutes; if it keeps failing, a maintainer can find why in the app's logs.`,
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
        "A maintainer needs to check the model's name, key and context window in askcode's configuration; the app's logs say which.",
      ];
    case "time-limit":
      return [
        `The run reached its time limit of ${formatSeconds(reason.seconds)} before the answer was ready.`,
        `A narrower question (naming a function, a file or an error message) needs fewer steps; ${again} with one.`,
      ];
    case "github":
      return [
        "GitHub did not answer as expected while askcode was reading the code.",
        `Please ${again} in a few minutes; if it keeps failing, a maintainer can find why in the app's logs.`,
      ];
    case "github-refused":
      return refused(reason, again);
    case "question-too-long":
      return [
        `It is ${reason.chars.toLocaleString("en-US")} characters long, and this repository's questions may have up to ${reason.maxChars.toLocaleString("en-US")} (\`limits.max_question_chars\` in \`.github/askcode.yml\`).`,
        `Please ${again} with a shorter question: quote the lines that matter and link to the rest.`,
      ];
    case "ref-not-found":
      return [
        `This repository has no branch, tag or commit named ${codeSpan(reason.ref)}, so nothing was read and nothing was answered.`,
        `Please ${again} naming a branch, tag or commit it has, or without one to read the default branch.`,
      ];
    case "nothing-to-retry":
      return [
        "`retry` runs the previous question asked of askcode in this issue again, and nothing was asked of it here before.",
        `Please ${again} with your question.`,
      ];
    case "unknown-command":
      return [
        `askcode has no command ${codeSpan(`/${reason.name}`)}${reason.suggestion ? `; did you mean \`/${reason.suggestion}\`?` : "."}`,
        `Please ${again} with \`/help\` to see the commands, or with your question alone.`,
      ];
    case "members-only":
      return [
        `${codeSpan(`/${reason.name}`)} is for the repository's owners, members and collaborators, since it spends more of the model.`,
        `Please ${again} without it; a maintainer can ask for it on the same question.`,
      ];
    case "internal":
      return [
        "Something went wrong inside askcode.",
        `Please ${again}; if it happens again, a maintainer can find the details in the app's logs.`,
      ];
  }
}

const SUBJECTS: Record<GitHubRefusal["subject"], string> = {
  "pull-request": "this pull request",
  issue: "this issue",
  repository: "this repository",
};

// GitHub answers 404 for what the app may not see as well as for what is
// gone, so both are named; 403 is a permission the app lacks.
// https://docs.github.com/en/rest/using-the-rest-api/troubleshooting-the-rest-api
function refused(reason: GitHubRefusal, again: string): [string, string] {
  const subject = SUBJECTS[reason.subject];
  const check =
    "check that askcode is installed on this repository with the permissions it asks for (Contents: read; Issues, Pull requests and Discussions: write), each accepted in the installation's settings";
  if (reason.status === 404)
    return [
      `GitHub answered 404 (Not Found) when askcode read ${subject}: it was deleted or moved, or the app can no longer see it.`,
      `If it still exists, a maintainer can ${check}; then ${again}.`,
    ];
  return [
    `GitHub answered 403 (Forbidden) when askcode read ${subject}: the app is not allowed to read it.`,
    `A maintainer can ${check}; then ${again}.`,
  ];
}

function formatSeconds(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} seconds`;
  return `${Math.round(seconds / 60)} minutes`;
}
