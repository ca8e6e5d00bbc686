import type { QuestionJob } from "../question/question-job.js";
import type { QuestionOctokit } from "./question-octokit.js";

const ADD_REACTION = `mutation AddReaction($subjectId: ID!) {
  addReaction(input: { subjectId: $subjectId, content: EYES }) { reaction { content } }
}`;

/**
 * The 👀 reaction that says "seen, working on it", on the comment (an
 * issue comment or a review comment on a line) or the issue that asked, or
 * the discussion or discussion comment (through GraphQL, which is all
 * Discussions have). The worker adds it before anything else, once the
 * config has let the question through: a reaction on a question that is
 * then turned away would promise an answer that never comes.
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
): Promise<void> {
  const base = { owner: job.owner, repo: job.repo, content: "eyes" };
  const { reactTo } = job;
  if (reactTo.kind === "discussion" || reactTo.kind === "discussion-comment")
    await octokit.graphql(ADD_REACTION, {
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
