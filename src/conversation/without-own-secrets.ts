import type { IssueThread } from "../question/issue-thread.js";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import { redactOwnSecrets } from "../policy/redact-own-secrets.js";
import type { ReviewCommentFacts } from "../question/trigger-types.js";
import type { PullRequestFacts } from "./pull-requests.js";

/** What a question brings from GitHub that the model reads as written. */
export interface AskedText {
  question: string;
  issue: IssueThread;
  /** The pull request the question was asked on (the run's `at` reads its head): its changed files join the retrieval text, the first message and the tools. */
  pullRequest?: PullRequestFacts;
  /** The review comment on a line that asked: its hunk and the lines around it are shown first. */
  reviewComment?: ReviewCommentFacts;
}

/**
 * The question, its thread, its pull request's patches and its review
 * comment's hunk with askcode's own secrets (`redactOwnSecrets`) replaced:
 * an asker may paste the app's webhook secret or the operator's model key,
 * and none may reach the model provider or come back in an answer. Files
 * are redacted by the reader; this is the rest of what the model reads.
 *
 * @example
 * withoutOwnSecrets({ question: "is s3cr3t-Hook-Value right?", issue }, own).question
 * // "is REDACTED_WEBHOOK_SECRET right?"
 */
export function withoutOwnSecrets<T extends AskedText>(
  asked: T,
  secrets: readonly OwnSecret[],
): T {
  if (secrets.length === 0) return asked;
  const own = (text: string) => redactOwnSecrets(text, secrets);
  const { issue, pullRequest, reviewComment } = asked;
  return {
    ...asked,
    question: own(asked.question),
    issue: {
      ...issue,
      title: own(issue.title),
      body: issue.body === null ? null : own(issue.body),
      comments: issue.comments.map((comment) => ({
        ...comment,
        body: own(comment.body),
        ...(comment.askcodeAnswer && {
          askcodeAnswer: {
            ...comment.askcodeAnswer,
            text: own(comment.askcodeAnswer.text),
          },
        }),
      })),
    },
    ...(pullRequest && {
      pullRequest: {
        ...pullRequest,
        files: pullRequest.files.map((file) =>
          file.patch === undefined ? file : { ...file, patch: own(file.patch) },
        ),
      },
    }),
    ...(reviewComment && {
      reviewComment: {
        ...reviewComment,
        diffHunk: own(reviewComment.diffHunk),
      },
    }),
  };
}
