import type { RepositoryOnWeb } from "../shared/permalink.js";
import { settleBy } from "../shared/deadline.js";
import type { DiscussionFacts } from "../question/trigger-types.js";
import { CommentRefusedError } from "./comment-refused-error.js";
import { graphqlErrors, type GraphqlOctokit } from "./graphql-octokit.js";
import type {
  ThreadComments,
  ThreadCommentsOptions,
} from "./thread-comments.js";
import { redactedCommentBody } from "./send-redacted-comment.js";
import {
  threadFromComments,
  type RestComment,
} from "./thread-from-comments.js";

// The newest this many comments (and of each, this many replies) are read:
// the thread is trimmed to a token share of the first message anyway.
const MAX_COMMENTS = 100;

const ADD_COMMENT = `mutation AddDiscussionComment($discussionId: ID!, $body: String!, $replyToId: ID) {
  addDiscussionComment(input: { discussionId: $discussionId, body: $body, replyToId: $replyToId }) {
    comment { id databaseId }
  }
}`;

// https://docs.github.com/en/graphql/reference/mutations#deletediscussioncomment
const DELETE_COMMENT = `mutation DeleteDiscussionComment($commentId: ID!) {
  deleteDiscussionComment(input: { id: $commentId }) { comment { id } }
}`;
const UPDATE_COMMENT = `mutation UpdateDiscussionComment($commentId: ID!, $body: String!) {
  updateDiscussionComment(input: { commentId: $commentId, body: $body }) {
    comment { id }
  }
}`;

const REPLY_TO = `query DiscussionCommentReplyTo($id: ID!) {
  node(id: $id) { ... on DiscussionComment { replyTo { id } } }
}`;

const COMMENT_FIELDS = `id databaseId body createdAt authorAssociation
  author { __typename login }
  reactions(content: THUMBS_DOWN) { totalCount }`;

const THREAD = `query DiscussionThread($id: ID!) {
  node(id: $id) {
    ... on Discussion {
      title body authorAssociation
      author { __typename login }
      comments(last: ${MAX_COMMENTS}) {
        totalCount
        nodes {
          ${COMMENT_FIELDS}
          replies(last: ${MAX_COMMENTS}) { totalCount nodes { ${COMMENT_FIELDS} } }
        }
      }
    }
  }
}`;

interface GraphqlAuthor {
  __typename: string;
  login: string;
}

interface GraphqlComment {
  id: string;
  databaseId: number;
  body: string;
  createdAt: string;
  authorAssociation: string;
  author: GraphqlAuthor | null;
  reactions: { totalCount: number };
}

interface ThreadData {
  node: {
    title: string;
    body: string | null;
    authorAssociation: string;
    author: GraphqlAuthor | null;
    comments: {
      totalCount: number;
      nodes: Array<
        GraphqlComment & {
          replies: { totalCount: number; nodes: GraphqlComment[] };
        }
      >;
    };
  } | null;
}

/**
 * askcode's reply in a discussion, and the discussion it answers, through
 * the GraphQL API (Discussions have no REST routes for comments). GitHub
 * threads a discussion one level deep: a question in a comment is answered
 * in that comment's thread (its top-level comment's, when it is itself a
 * reply), a question in the discussion's own post by a top-level comment.
 *
 * `ThreadComments` ids are numbers, remembered by the job across retries:
 * they are the comments' `databaseId`s, and the node id an edit needs is
 * kept here, or found again by reading the discussion (a retry in another
 * process). The thread is the discussion's title and post, then its
 * comments and their replies, oldest first, newest 100, read as an issue's
 * (`threadFromComments`). Every body posted or edited has secrets redacted.
 * A write GitHub refuses (a locked discussion, a category the app may not
 * post in) throws `CommentRefusedError`.
 * https://docs.github.com/en/graphql/reference/mutations#adddiscussioncomment
 *
 * @example
 * const comments = createDiscussionComments(octokit,
 *   { owner: "octo", repo: "hello", htmlUrl, issueNumber: 90 }, facts);
 * await comments.create("Looking…") // 544079, a reply in the asking comment's thread
 */
export function createDiscussionComments(
  octokit: GraphqlOctokit,
  place: RepositoryOnWeb & { issueNumber: number },
  discussion: DiscussionFacts,
  options: ThreadCommentsOptions = {},
): ThreadComments {
  const nodeIds = new Map<number, string>();
  let replyTo: Promise<string | undefined> | undefined;
  // The top-level comment a reply goes under: the asking comment's own
  // thread; none when the discussion's post asked.
  const replyTarget = () =>
    (replyTo ??= topLevelOf(octokit, discussion.comment).catch(
      (error: unknown) => {
        replyTo = undefined;
        throw error;
      },
    ));
  const read = async (deadline?: Parameters<ThreadComments["thread"]>[1]) => {
    const request = octokit.graphql(THREAD, {
      id: discussion.nodeId,
      ...(deadline ? { request: { signal: deadline.signal } } : {}),
    });
    const data = (await (deadline
      ? settleBy(request, deadline.signal)
      : request)) as ThreadData;
    if (!data.node)
      throw new Error(`discussion ${discussion.nodeId} could not be read`);
    return data.node;
  };
  return {
    async create(body) {
      const replyToId = await replyTarget();
      const data = (await write(octokit, ADD_COMMENT, {
        discussionId: discussion.nodeId,
        body: await redactedCommentBody(body, options.ownSecrets),
        ...(replyToId ? { replyToId } : {}),
      })) as {
        addDiscussionComment: { comment: { id: string; databaseId: number } };
      };
      const { id, databaseId } = data.addDiscussionComment.comment;
      nodeIds.set(databaseId, id);
      return databaseId;
    },
    async update(commentId, body) {
      let nodeId = nodeIds.get(commentId);
      if (nodeId === undefined) {
        const found = listed(await read()).find(
          (comment) => comment.databaseId === commentId,
        );
        // Deleted, or beyond the newest read: as a REST edit of a deleted comment.
        if (!found)
          throw notFound(`discussion comment ${commentId} was not found`);
        nodeId = found.id;
        nodeIds.set(commentId, nodeId);
      }
      await write(octokit, UPDATE_COMMENT, {
        commentId: nodeId,
        body: await redactedCommentBody(body, options.ownSecrets),
      });
    },
    // The discussion's newest comments and their replies: an answer older
    // than those is not found, as if gone.
    async read(commentId) {
      const found = listed(await read()).find(
        (comment) => comment.databaseId === commentId,
      );
      if (found) nodeIds.set(commentId, found.id);
      return found?.body;
    },
    async remove(commentId) {
      // Only a comment this run posted or read: its node id is known.
      const nodeId = nodeIds.get(commentId);
      if (nodeId === undefined)
        throw notFound(`discussion comment ${commentId} was not found`);
      await write(octokit, DELETE_COMMENT, { commentId: nodeId });
    },
    async thread(askingCommentId, deadline) {
      const opened = await read(deadline);
      const all = listed(opened);
      for (const comment of all) nodeIds.set(comment.databaseId, comment.id);
      const total = opened.comments.nodes.reduce(
        (sum, comment) => sum + comment.replies.totalCount,
        opened.comments.totalCount,
      );
      const kept = all.slice(-MAX_COMMENTS);
      return threadFromComments(
        {
          title: opened.title,
          body: opened.body,
          user: user(opened.author),
          author_association: opened.authorAssociation,
        },
        kept.map(restComment),
        askingCommentId,
        place,
        { ...options, commentsNotRead: Math.max(0, total - kept.length) },
      );
    },
  };
}

// A write's GraphQL errors (HTTP 200) are GitHub refusing it: no retry
// cures them. A comment GitHub cannot resolve was deleted: a 404, as REST
// says it, so the run posts a new one instead of editing it.
async function write(
  octokit: GraphqlOctokit,
  mutation: string,
  variables: Record<string, unknown>,
): Promise<unknown> {
  try {
    return await octokit.graphql(mutation, variables);
  } catch (error) {
    const errors = graphqlErrors(error);
    if (errors.length > 0 && errors.every((e) => e.type === "NOT_FOUND"))
      throw notFound(errors[0]!.message, error);
    if (errors.length > 0)
      throw new CommentRefusedError(errors, { cause: error });
    throw error;
  }
}

function notFound(message: string, cause?: unknown): Error {
  return Object.assign(new Error(message, { cause }), { status: 404 });
}

async function topLevelOf(
  octokit: GraphqlOctokit,
  asking: DiscussionFacts["comment"],
): Promise<string | undefined> {
  if (!asking) return undefined;
  if (asking.parentId === undefined) return asking.nodeId;
  // The webhook names a reply's parent by database id; a reply needs its node id.
  const data = (await octokit.graphql(REPLY_TO, { id: asking.nodeId })) as {
    node: { replyTo: { id: string } | null } | null;
  };
  return data.node?.replyTo?.id ?? asking.nodeId;
}

// Every comment and reply, oldest first.
function listed(opened: NonNullable<ThreadData["node"]>): GraphqlComment[] {
  return opened.comments.nodes
    .flatMap(({ replies, ...comment }) => [comment, ...replies.nodes])
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

function restComment(comment: GraphqlComment): RestComment {
  return {
    id: comment.databaseId,
    body: comment.body,
    user: user(comment.author),
    author_association: comment.authorAssociation,
    created_at: comment.createdAt,
    reactions: { "-1": comment.reactions.totalCount },
  };
}

// GraphQL names an app's bot by its slug alone; REST (and askcode's own
// recognition of its comments) as `<slug>[bot]`.
function user(author: GraphqlAuthor | null): { login: string } | null {
  if (!author) return null;
  return {
    login: author.__typename === "Bot" ? `${author.login}[bot]` : author.login,
  };
}
