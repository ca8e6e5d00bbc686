import { repositoryWebUrl } from "../shared/permalink.js";
import type { AnswerPlace } from "../storage/answer-records/answer-record.js";

/**
 * The page address of an answer comment, as GitHub writes a comment's
 * link: in an issue's or pull request's conversation, in a review thread,
 * in a discussion.
 *
 * @example
 * answerCommentUrl({ owner: "o", repo: "r", issueNumber: 12, reactTo: { kind: "comment", commentId: 5 }, commentId: 9 })
 * // "https://github.com/o/r/issues/12#issuecomment-9"
 */
export function answerCommentUrl(place: AnswerPlace): string {
  const page = repositoryWebUrl(place);
  const { kind } = place.reactTo;
  if (kind === "review-comment")
    return `${page}/pull/${place.issueNumber}#discussion_r${place.commentId}`;
  if (kind === "discussion" || kind === "discussion-comment")
    return `${page}/discussions/${place.issueNumber}#discussioncomment-${place.commentId}`;
  const where = place.onPullRequest ? "pull" : "issues";
  return `${page}/${where}/${place.issueNumber}#issuecomment-${place.commentId}`;
}
