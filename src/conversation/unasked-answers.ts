import type { QuestionJob } from "../question/question-job.js";
import { isUnaskedAnswer } from "../question/unasked-marker.js";
import type { GraphqlOctokit } from "./graphql-octokit.js";

// The newest comments of the place: an unasked answer is among the first,
// and a thread past a hundred comments has long moved on from it.
const COMMENT_NODES =
  "comments(last: 100) { nodes { id body viewerDidAuthor isMinimized } }";

const ISSUE_COMMENTS = `query UnaskedAnswers($owner: String!, $repo: String!, $number: Int!) {
  repository(owner: $owner, name: $repo) {
    issueOrPullRequest(number: $number) {
      ... on Issue { ${COMMENT_NODES} }
      ... on PullRequest { ${COMMENT_NODES} }
    }
  }
}`;

const DISCUSSION_COMMENTS = `query UnaskedDiscussionAnswers($id: ID!) {
  node(id: $id) { ... on Discussion { ${COMMENT_NODES} } }
}`;

// https://docs.github.com/en/graphql/reference/mutations#minimizecomment
const MINIMIZE = `mutation MinimizeComment($subjectId: ID!) {
  minimizeComment(input: { subjectId: $subjectId, classifier: OFF_TOPIC }) {
    minimizedComment { isMinimized minimizedReason }
  }
}`;

interface CommentNode {
  id: string;
  body: string;
  viewerDidAuthor: boolean;
  isMinimized: boolean;
}

type Comments = { comments?: { nodes: Array<CommentNode | null> } } | null;

/**
 * The node ids of askcode's unasked answers in a job's thread that are
 * still shown: comments the token's own identity wrote (`viewerDidAuthor`:
 * the App's bot, or the Action's `github-actions`) that carry the unasked
 * marker, in an issue's conversation or a discussion (whose unasked answer
 * is a top-level comment). Through GraphQL, which gives Discussions'
 * comments and every comment's node id, which minimising needs.
 *
 * @example
 * await findUnaskedAnswers(octokit, job) // ["IC_kwDOABCD…"]
 */
export async function findUnaskedAnswers(
  octokit: GraphqlOctokit,
  job: Pick<QuestionJob, "owner" | "repo" | "issueNumber" | "reactTo">,
): Promise<string[]> {
  const { reactTo } = job;
  const place: Comments =
    reactTo.kind === "discussion" || reactTo.kind === "discussion-comment"
      ? (
          (await octokit.graphql(DISCUSSION_COMMENTS, {
            id: reactTo.discussion.nodeId,
          })) as { node: Comments }
        ).node
      : ((
          (await octokit.graphql(ISSUE_COMMENTS, {
            owner: job.owner,
            repo: job.repo,
            number: job.issueNumber,
          })) as { repository: { issueOrPullRequest: Comments } | null }
        ).repository?.issueOrPullRequest ?? null);
  return (place?.comments?.nodes ?? [])
    .filter(
      (comment): comment is CommentNode =>
        comment !== null &&
        comment.viewerDidAuthor &&
        !comment.isMinimized &&
        isUnaskedAnswer(comment.body),
    )
    .map((comment) => comment.id);
}

/**
 * Hides a comment as off-topic (GitHub's "minimize"): reversible by a
 * maintainer (Show comment / Unhide), and the record stays, which deleting
 * would lose. Issue and discussion comments alike.
 *
 * @example
 * await minimizeOffTopic(octokit, "IC_kwDOABCD…");
 */
export async function minimizeOffTopic(
  octokit: GraphqlOctokit,
  subjectId: string,
): Promise<void> {
  await octokit.graphql(MINIMIZE, { subjectId });
}
