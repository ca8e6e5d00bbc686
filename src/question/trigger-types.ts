import type { RepoConfig } from "../config/repo-config-schema.js";
import type { Mission } from "../missions/mission-schema.js";

/**
 * The fields of an `issue_comment` or `issues` webhook payload that decide
 * whether askcode acts. Probot's `context.payload` for those events fits
 * this shape as it is; tests build it from real payloads.
 * https://docs.github.com/en/webhooks/webhook-events-and-payloads#issue_comment
 */
export interface TriggerPayload {
  action?: string;
  sender: { login: string; type: string };
  issue: {
    id: number;
    title: string;
    body?: string | null;
    locked?: boolean;
    state?: string;
    author_association: string;
    user: { login: string } | null;
    /** Present (an object) when the "issue" is a pull request. */
    pull_request?: unknown;
    updated_at?: string;
    /** The labels it has as the delivery tells (an issue template's, when it is opened). */
    labels?: ReadonlyArray<{ name: string } | null>;
  };
  comment?: { id: number; body: string; author_association: string };
  label?: { name: string };
  /**
   * Set when the comment is a review comment on a line of a pull request
   * (`pull_request_review_comment`): where it sits in the diff. The
   * delivery's `pull_request` is then the `issue` above (with its marker).
   */
  reviewComment?: ReviewCommentFacts;
  /**
   * Set when the question was asked in a discussion (`discussion`,
   * `discussion_comment`): the discussion is then the `issue` above, and
   * these are what the GraphQL API needs to react and reply there.
   */
  discussion?: DiscussionFacts;
}

/**
 * A discussion's handles for the GraphQL API (Discussions have no REST
 * routes for comments or reactions), as its webhook tells.
 * https://docs.github.com/en/webhooks/webhook-events-and-payloads#discussion
 */
export interface DiscussionFacts {
  /** The discussion's number: the delivery has no `issue` to take it from. */
  number: number;
  /** Its GraphQL node id: what replies, reactions and reads name. */
  nodeId: string;
  /** Its category's name (a category may not let the app post). */
  category: string;
  /** Its category's slug (`q-a`), which `unasked.discussions` may name instead. */
  categorySlug?: string;
  /** Set when a comment in the discussion asked. */
  comment?: {
    nodeId: string;
    /** The top-level comment it replies to (its database id), when it is a reply. */
    parentId?: number;
  };
}

/**
 * A review comment's place in a pull request's diff, as its webhook tells.
 * https://docs.github.com/en/rest/pulls/comments#get-a-review-comment-for-a-pull-request
 */
export interface ReviewCommentFacts {
  /** The pull request's number: the delivery has no `issue` to take it from. */
  pullNumber: number;
  path: string;
  /**
   * The commented line in the file on `side`; null when GitHub can no longer
   * place it in the current diff (an outdated comment).
   */
  line: number | null;
  /** RIGHT: the line as the pull request leaves it; LEFT: a line it deletes (or the context before). */
  side: "LEFT" | "RIGHT";
  /** The diff hunk the comment was written on, up to the commented line. */
  diffHunk: string;
  /** The commit the comment was written on (not necessarily the head now). */
  commitId: string;
  /** The thread's first comment, when this one is a reply in it. */
  inReplyTo?: number;
}

export interface TriggerInput {
  /** The webhook event's name (`context.name`): "issue_comment" or "issues". */
  event: string;
  payload: TriggerPayload;
  /** The app's slug: its own comments come from `<slug>[bot]`. */
  appSlug: string;
  /** The operator's `ASKCODE_HANDLE`, used when the repository sets none; else the slug. */
  defaultHandle?: string;
  /** The repository's settings (`parseRepoConfig`). */
  config: RepoConfig;
  /** The operator's missions (`loadMissions`). */
  missions: readonly Mission[];
}

/** Why askcode does nothing with an event; `detail` says it in words for the log. */
export type IgnoreReason =
  | "unsupported-event"
  | "edited"
  | "deleted"
  | "self"
  | "bot"
  | "disabled"
  | "locked"
  | "closed"
  | "no-mention"
  | "not-a-question"
  | "association-not-allowed"
  | "missions-disabled"
  | "label-not-claimed"
  | "mission-not-enabled";

export type TriggerDecision =
  | {
      kind: "question";
      question: string;
      /** Where the mention is: react and reply to the comment, or to the issue. */
      source: "comment" | "issue";
      /**
       * Where the question's text came from: the words around the mention,
       * or the issue's title and body when the mention stood alone.
       */
      questionFrom: "mention" | "issue";
      /** The same trigger, delivered twice, has the same id: dedupe on it. */
      triggerId: string;
      /** The `author_association` of whoever asked: of the comment, or of the issue when it asked. */
      askerAssociation: string;
      /**
       * Set when nobody asked: a new issue or discussion the repository's
       * `unasked:` chose, answered only if the confidence gate lets it through.
       */
      unasked?: true;
    }
  | {
      /** `/dismiss`: hide askcode's unasked answer in the thread; no question is answered. */
      kind: "dismiss";
      source: "comment" | "issue";
      triggerId: string;
      askerAssociation: string;
      /** Whether whoever asked may: the issue's author, or one of the repository's people. */
      allowed: boolean;
    }
  | {
      kind: "mission";
      mission: Mission;
      triggerId: string;
      /** Whoever applied the label, by `author_association` (`labellerAssociation`). */
      askerAssociation: string;
    }
  | { kind: "ignore"; reason: IgnoreReason; detail: string };

export type IgnoreDecision = Extract<TriggerDecision, { kind: "ignore" }>;

export function ignore(reason: IgnoreReason, detail: string): IgnoreDecision {
  return { kind: "ignore", reason, detail };
}
