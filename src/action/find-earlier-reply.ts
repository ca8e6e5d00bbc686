import { isInterruptedComment } from "../answer/render-interrupted-comment.js";
import { isProgressComment } from "../answer/render-progress-comment.js";
import { openConversation } from "../conversation/open-conversation.js";
import type { QuestionOctokit } from "../conversation/question-octokit.js";
import type { QuestionJob } from "../question/question-job.js";
import { replyMarker } from "./reply-marker.js";

/** What the thread holds of the Action's reply to one trigger. */
export type EarlierReply =
  /** Nothing: this run answers. */
  | { kind: "none" }
  /** The reply: an answer, or a notice that says why there is none. A re-run leaves it. */
  | { kind: "final" }
  /**
   * A reply cut short: the interrupted notice a cancelled run left, or the
   * progress checklist of a run killed outright. A re-run answers in it.
   */
  | { kind: "unfinished"; commentId: number };

/**
 * Whether the Action already replied to this very trigger in its thread:
 * a comment by `<appSlug>[bot]` that opens with the trigger's marker
 * (`replyMarker`). A re-run of the same workflow run (or a second workflow
 * on the same event) then leaves a final reply as it is, since nothing is
 * kept between runs but the comments themselves, and answers in an
 * unfinished one, as a later attempt of the App's queue edits the comment
 * an earlier one posted (`JobAttempt.commentId`). Which is which is read
 * from the body under the marker, as the run wrote it: the interrupted
 * notice (`isInterruptedComment`) or the progress checklist
 * (`isProgressComment`) is unfinished; anything else (an answer, a
 * failure's or a limit's notice) is final. The bodies tell it without a
 * second marker, which every write would have to keep right, and a
 * SIGKILL, which leaves the checklist as it was, needs none. The thread
 * is read as the run reads it (the newest comments of the place: an
 * issue's or pull request's conversation, the review thread, the
 * discussion), without telling askcode's comments apart, so its notices
 * are seen too.
 *
 * @example
 * await findEarlierReply(octokit, question, "github-actions") // { kind: "final" }: leave it
 */
export async function findEarlierReply(
  octokit: QuestionOctokit,
  question: QuestionJob,
  appSlug: string,
): Promise<EarlierReply> {
  const thread = await openConversation(octokit, question, {
    commentIds: true,
  }).readThread();
  const self = `${appSlug.toLowerCase()}[bot]`;
  const marker = replyMarker(question.triggerId);
  let unfinished: number | undefined;
  for (const comment of thread.comments) {
    if (comment.author.toLowerCase() !== self) continue;
    if (!comment.body.startsWith(marker)) continue;
    const body = comment.body.slice(marker.length).trimStart();
    if (!isInterruptedComment(body) && !isProgressComment(body))
      return { kind: "final" };
    // The newest unfinished reply, should a deleted answer have left two.
    if (comment.id !== undefined) unfinished = comment.id;
  }
  return unfinished === undefined
    ? { kind: "none" }
    : { kind: "unfinished", commentId: unfinished };
}
