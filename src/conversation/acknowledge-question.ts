import type { QuestionJob } from "../question/question-job.js";
import type { QuestionOctokit } from "./question-octokit.js";

/** The reactions askcode gives: 👀 to a question it works on, 👍 and 😕 to a `/dismiss` it did or had nothing for. */
export type AskcodeReaction = "eyes" | "+1" | "confused";

// REST names a reaction by its shortcode, GraphQL by its enum.
const GRAPHQL_REACTION: Record<AskcodeReaction, string> = {
  eyes: "EYES",
  "+1": "THUMBS_UP",
  confused: "CONFUSED",
};

const addReaction = (
  content: AskcodeReaction,
) => `mutation AddReaction($subjectId: ID!) {
  addReaction(input: { subjectId: $subjectId, content: ${GRAPHQL_REACTION[content]} }) { reaction { content } }
}`;

/**
 * The 👀 reaction that says "seen, working on it", on the comment (an
 * issue comment or a review comment on a line) or the issue that asked, or
 * the discussion or discussion comment (through GraphQL, which is all
 * Discussions have). The worker adds it before anything else, once the
 * config has let the question through: a reaction on a question that is
 * then turned away would promise an answer that never comes. `content`
 * gives another reaction in the same place (a `/dismiss` is answered 👍).
 * https://docs.github.com/en/rest/reactions/reactions
 * https://docs.github.com/en/rest/reactions/reactions#create-reaction-for-a-pull-request-review-comment
 * https://docs.github.com/en/graphql/reference/mutations#addreaction
 *
 * @example
 * await acknowledgeQuestion(await app.auth(job.installationId), job);
 */
export async function acknowledgeQuestion(
  octokit: QuestionOctokit,
  job: Pick<QuestionJob, "owner" | "repo" | "issueNumber" | "reactTo">,
  content: AskcodeReaction = "eyes",
): Promise<void> {
  const base = { owner: job.owner, repo: job.repo, content };
  const { reactTo } = job;
  if (reactTo.kind === "discussion" || reactTo.kind === "discussion-comment")
    await octokit.graphql(addReaction(content), {
      subjectId:
        reactTo.discussion.comment?.nodeId ?? reactTo.discussion.nodeId,
    });
  else if (job.reactTo.kind === "review-comment")
    await octokit.request(
      "POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions",
      { ...base, comment_id: job.reactTo.commentId },
    );
  else if (job.reactTo.kind === "comment")
    await octokit.request(
      "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
      { ...base, comment_id: job.reactTo.commentId },
    );
  else
    await octokit.request(
      "POST /repos/{owner}/{repo}/issues/{issue_number}/reactions",
      { ...base, issue_number: job.issueNumber },
    );
}
