import { openConversation } from "../conversation/open-conversation.js";
import type { QuestionOctokit } from "../conversation/question-octokit.js";
import type { QuestionJob } from "../question/question-job.js";
import { replyMarker } from "./reply-marker.js";

/**
 * Whether the Action already replied to this very trigger in its thread:
 * a comment by `<appSlug>[bot]` that opens with the trigger's marker
 * (`replyMarker`). A re-run of the same workflow run (or a second workflow
 * on the same event) then leaves the thread as it is, since nothing is
 * kept between runs but the comments themselves. The thread is read as
 * the run reads it (the newest comments of the place: an issue's or pull
 * request's conversation, the review thread, the discussion), without
 * telling askcode's comments apart, so its notices are seen too: a reply
 * that says why there is no answer is the reply.
 *
 * @example
 * await findEarlierReply(octokit, question, "github-actions") // true: leave it
 */
export async function findEarlierReply(
  octokit: QuestionOctokit,
  question: QuestionJob,
  appSlug: string,
): Promise<boolean> {
  const thread = await openConversation(octokit, question).readThread();
  const self = `${appSlug.toLowerCase()}[bot]`;
  const marker = replyMarker(question.triggerId);
  return thread.comments.some(
    (comment) =>
      comment.author.toLowerCase() === self && comment.body.startsWith(marker),
  );
}
