import nock from "nock";
import { restHeaders } from "./nock-github.js";

/** One discussion comment to serve, as the GraphQL API has it. */
export interface DiscussionCommentNode {
  databaseId: number;
  /** Who wrote it: a login, or an app's `<slug>[bot]` (GraphQL then says `Bot` and the slug alone). */
  login: string;
  association: string;
  body: string;
  createdAt: string;
  /** 👎 reactions on it (default 0). */
  thumbsDown?: number;
  /** Replies in its thread (top-level comments only). */
  replies?: DiscussionCommentNode[];
}

/**
 * A discussion comment's node id as GitHub's legacy global ids encode it:
 * base64 of `017:DiscussionComment<databaseId>`, the form of the webhook
 * examples' `node_id` ("MDE3OkRpc2N1c3Npb25Db21tZW50NTUwMDYy" is 550062).
 */
export function discussionCommentNodeId(databaseId: number): string {
  return Buffer.from(`017:DiscussionComment${databaseId}`).toString("base64");
}

function author(login: string) {
  return login.endsWith("[bot]")
    ? { __typename: "Bot", login: login.slice(0, -"[bot]".length) }
    : { __typename: "User", login };
}

function commentNode(comment: DiscussionCommentNode) {
  return {
    id: discussionCommentNodeId(comment.databaseId),
    databaseId: comment.databaseId,
    body: comment.body,
    createdAt: comment.createdAt,
    authorAssociation: comment.association,
    author: author(comment.login),
    reactions: { totalCount: comment.thumbsDown ?? 0 },
  };
}

/**
 * The `DiscussionThread` query's answer for a discussion and its comments,
 * in the shape GitHub's GraphQL API gives the fields askcode asks for.
 * https://docs.github.com/en/graphql/reference/objects#discussion
 */
export function discussionThreadData(
  discussion: {
    title: string;
    body: string;
    login: string;
    association: string;
  },
  comments: readonly DiscussionCommentNode[],
) {
  return {
    data: {
      node: {
        title: discussion.title,
        body: discussion.body,
        authorAssociation: discussion.association,
        author: author(discussion.login),
        comments: {
          totalCount: comments.length,
          nodes: comments.map((comment) => ({
            ...commentNode(comment),
            replies: {
              totalCount: comment.replies?.length ?? 0,
              nodes: (comment.replies ?? []).map(commentNode),
            },
          })),
        },
      },
    },
  };
}

/** What a GraphQL request sent: its operation's name and its variables. */
export interface GraphqlSent {
  operation: string;
  variables: Record<string, unknown>;
}

/**
 * Serves one GraphQL operation (matched by its name in the query) on `POST
 * /graphql`, `times` times, as GitHub does: HTTP 200, with `errors` when it
 * failed; what was sent is pushed to `sent`.
 */
export function nockGraphql(
  scope: nock.Scope,
  operation: string,
  answer: object | ((variables: Record<string, unknown>) => object),
  sent: GraphqlSent[] = [],
  times = 1,
): nock.Scope {
  const named = new RegExp(`^(query|mutation) ${operation}\\b`);
  return scope
    .post("/graphql", (body: { query?: string }) =>
      named.test(body.query ?? ""),
    )
    .times(times)
    .reply(
      200,
      (_uri, body) => {
        const { variables = {} } = body as {
          variables?: Record<string, unknown>;
        };
        sent.push({ operation, variables });
        return typeof answer === "function" ? answer(variables) : answer;
      },
      restHeaders({ "x-ratelimit-resource": "graphql" }),
    );
}

/**
 * GitHub refusing a mutation: HTTP 200, `data` null, the error typed and
 * placed at the mutation's field.
 * https://docs.github.com/en/graphql/guides/forming-calls-with-graphql
 */
export function graphqlRefusal(field: string, type: string, message: string) {
  return {
    data: null,
    errors: [
      { type, path: [field], locations: [{ line: 2, column: 3 }], message },
    ],
  };
}

/**
 * GitHub's side of one mention in a discussion, from the 👀 to the answer:
 * the still-asked check, the reaction, askcode's reply (added, then edited
 * up to ten times) and the thread it reads `threadReads` times (the Action
 * reads it once more, for an earlier reply). `asking` is the comment that
 * asks; none: the discussion's body asks. What was sent is in `sent`, and
 * `of(operation)` lists one operation's variables.
 */
export function nockDiscussionMention(
  asking: { databaseId: number; nodeId: string } | undefined,
  options: {
    question: string;
    replyId: number;
    /** What `addDiscussionComment` answers (default: the reply added, `replyId`). */
    reply?: object;
    threadReads?: number;
  },
) {
  const { question, replyId } = options;
  const sent: GraphqlSent[] = [];
  const scope = nock("https://api.github.com");
  nockGraphql(
    scope,
    "DiscussionStillAsked",
    {
      data: {
        discussion: { locked: false },
        ...(asking ? { comment: { id: asking.nodeId } } : {}),
      },
    },
    sent,
  );
  nockGraphql(
    scope,
    "AddReaction",
    { data: { addReaction: { reaction: { content: "EYES" } } } },
    sent,
  );
  nockGraphql(
    scope,
    "AddDiscussionComment",
    options.reply ?? {
      data: {
        addDiscussionComment: {
          comment: {
            id: discussionCommentNodeId(replyId),
            databaseId: replyId,
          },
        },
      },
    },
    sent,
  );
  nockGraphql(
    scope,
    "DiscussionThread",
    discussionThreadData(
      {
        title: "TEST edit",
        body: asking ? "TEST edit" : question,
        login: "Codertocat",
        association: "OWNER",
      },
      asking
        ? [
            {
              databaseId: asking.databaseId,
              login: "Codertocat",
              association: "OWNER",
              body: question,
              createdAt: "2021-03-30T20:36:05Z",
            },
          ]
        : [],
    ),
    sent,
    options.threadReads ?? 1,
  );
  nockGraphql(
    scope,
    "UpdateDiscussionComment",
    {
      data: {
        updateDiscussionComment: {
          comment: { id: discussionCommentNodeId(replyId) },
        },
      },
    },
    sent,
    10,
  );
  const of = (operation: string) =>
    sent.filter((s) => s.operation === operation).map((s) => s.variables);
  return { scope, sent, of };
}
