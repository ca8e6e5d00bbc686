import type { QuestionJob } from "../question/question-job.js";
import type { DiscussionFacts } from "../question/trigger-types.js";
import { graphqlErrors } from "./graphql-octokit.js";
import type { QuestionOctokit } from "./question-octokit.js";

const DISCUSSION_STILL_ASKED = `query DiscussionStillAsked($discussion: ID!, $comment: ID!, $withComment: Boolean!) {
  discussion: node(id: $discussion) { ... on Discussion { locked } }
  comment: node(id: $comment) @include(if: $withComment) { id }
}`;

/** Whether a question should still run, or why it should not. */
export type StillAsked =
  | "asked"
  | "comment-deleted"
  | "issue-deleted"
  | "issue-locked"
  | InstallationRefused;

/**
 * GitHub would not give askcode a token for the installation, so nothing
 * can be read or written there: 404, it does not know the installation (the
 * app was uninstalled); 403, the installation is suspended; 401, it refused
 * the app's own credentials (its id or private key).
 */
export type InstallationRefused =
  "installation-unknown" | "installation-suspended" | "credentials-refused";

/**
 * Reads, just before a question is acknowledged, whether what asked is still
 * there: the triggering comment, an issue's or a review comment (a 404 means it was deleted) and the issue
 * (a 404 or 410 means it was deleted or transferred away; `locked: true`
 * means the conversation was closed to comments). A question queued behind
 * others may wait minutes, and its asker may have withdrawn it meanwhile.
 * Two requests for a comment, one for an issue; the thread read that comes
 * later in the run would tell the same, but only after the 👀 reaction and
 * the progress comment went out. Any other failure is thrown: the caller
 * decides whether to answer anyway.
 * https://docs.github.com/en/rest/issues/comments#get-an-issue-comment
 * https://docs.github.com/en/rest/pulls/comments#get-a-review-comment-for-a-pull-request
 * https://docs.github.com/en/rest/issues/issues#get-an-issue
 *
 * A discussion (and its comment, when one asked) is read in one GraphQL
 * query: a node GitHub cannot resolve (NOT_FOUND) was deleted.
 *
 * The installation's token is fetched with the first of these requests, so
 * its failure surfaces here too; GitHub's 404 for the token is not the
 * comment's, and it is told apart by the request that failed.
 * https://docs.github.com/en/rest/apps/apps#create-an-installation-access-token-for-an-app
 *
 * @example
 * await checkStillAsked(octokit, job) // "comment-deleted"
 */
export async function checkStillAsked(
  octokit: QuestionOctokit,
  job: Pick<QuestionJob, "owner" | "repo" | "issueNumber" | "reactTo">,
): Promise<StillAsked> {
  try {
    return await stillAsked(octokit, job);
  } catch (error) {
    const refused = installationRefused(error);
    if (refused) return refused;
    throw error;
  }
}

async function stillAsked(
  octokit: QuestionOctokit,
  job: Pick<QuestionJob, "owner" | "repo" | "issueNumber" | "reactTo">,
): Promise<StillAsked> {
  const base = { owner: job.owner, repo: job.repo };
  const { reactTo } = job;
  if (reactTo.kind === "discussion" || reactTo.kind === "discussion-comment")
    return discussionStillAsked(octokit, reactTo.discussion);
  if (job.reactTo.kind === "comment" || job.reactTo.kind === "review-comment") {
    const route =
      job.reactTo.kind === "review-comment"
        ? "GET /repos/{owner}/{repo}/pulls/comments/{comment_id}"
        : "GET /repos/{owner}/{repo}/issues/comments/{comment_id}";
    const comment = await octokit
      .request(route, { ...base, comment_id: job.reactTo.commentId })
      .catch(gone);
    if (comment === GONE) return "comment-deleted";
  }
  const issue = await octokit
    .request("GET /repos/{owner}/{repo}/issues/{issue_number}", {
      ...base,
      issue_number: job.issueNumber,
    })
    .catch(gone);
  if (issue === GONE) return "issue-deleted";
  return (issue.data as { locked?: boolean }).locked === true
    ? "issue-locked"
    : "asked";
}

const GONE = Symbol("gone");

// 404: deleted (or never visible to the app); 410: an issue deleted for good.
function gone(error: unknown): typeof GONE {
  if (installationRefused(error)) throw error;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 404 || status === 410) return GONE;
  throw error;
}

const TOKEN_PATH = /\/app\/installations\/\d+\/access_tokens$/;
const TOKEN_REFUSALS: Record<number, InstallationRefused> = {
  401: "credentials-refused",
  403: "installation-suspended",
  404: "installation-unknown",
};

/** Why GitHub refused the installation's token, when that is the request that failed. */
function installationRefused(error: unknown): InstallationRefused | undefined {
  const e = error as { status?: unknown; request?: { url?: unknown } } | null;
  const url = e?.request?.url;
  if (typeof url !== "string" || typeof e?.status !== "number")
    return undefined;
  if (!TOKEN_PATH.test(new URL(url, "https://api.github.invalid").pathname))
    return undefined;
  return TOKEN_REFUSALS[e.status];
}

interface StillAskedData {
  discussion: { locked: boolean } | null;
  comment?: { id: string } | null;
}

async function discussionStillAsked(
  octokit: QuestionOctokit,
  discussion: DiscussionFacts,
): Promise<StillAsked> {
  const asking = discussion.comment;
  // GitHub answers what it could resolve, and an error for each node it could not.
  const data = (await octokit
    .graphql(DISCUSSION_STILL_ASKED, {
      discussion: discussion.nodeId,
      comment: asking?.nodeId ?? discussion.nodeId,
      withComment: asking !== undefined,
    })
    .catch((error: unknown) => {
      const errors = graphqlErrors(error);
      const found = (error as { data?: unknown }).data;
      if (errors.length === 0 || errors.some((e) => e.type !== "NOT_FOUND"))
        throw error;
      return found ?? { discussion: null, comment: null };
    })) as StillAskedData;
  if (!data.discussion) return "issue-deleted";
  if (asking && !data.comment) return "comment-deleted";
  return data.discussion.locked ? "issue-locked" : "asked";
}
