import type { ConfigProblem } from "../config/config-problem.js";
import type { RepoConfig } from "../config/repo-config-schema.js";
import type { DiscussionFacts, ReviewCommentFacts } from "./trigger-types.js";

/**
 * One question the worker decided to answer: a `TriggerJob` from the queue
 * once the repository's config has been read and lets it through
 * (`src/run/accept-trigger.ts`). Plain data; nothing here is a credential.
 */
export interface QuestionJob {
  /** `X-GitHub-Delivery` of the webhook that asked. */
  deliveryId: string;
  /**
   * What asked, independent of the delivery: the same comment (or labelled
   * issue) never gets a second answer, even if GitHub or a user redelivers it.
   */
  triggerId: string;
  installationId: number;
  /**
   * `repository.id`, which a rename keeps: what answers are kept and looked
   * up under (`repositoryKey`). Absent on jobs queued before it was
   * recorded: their answers are neither kept nor linked.
   */
  repositoryId?: number;
  owner: string;
  repo: string;
  /**
   * The repository's page, from the webhook (`repository.html_url`): its
   * host is the one answers link to (github.com, or a GitHub Enterprise Server).
   */
  htmlUrl: string;
  issueNumber: number;
  /** Set when the issue is a pull request: the question is answered at its head commit. */
  onPullRequest?: true;
  /** The login of whoever asked, for the answer and for per-user limits. */
  requestedBy: string;
  /**
   * Their `author_association` on what asked (the comment, or the issue
   * when the issue asked; for a label, whoever applied it:
   * `labellerAssociation`): who counts as a member for the limits, for
   * members-only commands and for `outsiders`. Absent on jobs queued
   * before it was recorded.
   */
  askerAssociation?: string;
  /**
   * Set when nobody asked: a new issue or discussion the repository's
   * `unasked:` chose. Nothing is shown for it until the confidence gate
   * lets it through (`gateUnasked`), which records the score it gave; the
   * answer then opens by saying nobody asked.
   */
  unasked?: { confidence?: number };
  /** What to answer: a question, or a mission started by a label. */
  task:
    | { kind: "question"; question: string }
    | { kind: "mission"; mission: string; label: string }
    /** `/dismiss` (`decideDismiss`): hide the thread's unasked answer, if whoever asked may. */
    | { kind: "dismiss"; allowed: boolean };
  /**
   * Where the 👀 reaction went: the triggering comment, the issue itself, or
   * a review comment on a line of the pull request (whose thread the answer
   * replies in, and whose place in the diff the model is shown), or a
   * discussion or a comment in one (reacted to and replied to through GraphQL).
   */
  reactTo:
    | { kind: "comment"; commentId: number }
    | { kind: "issue" }
    | {
        kind: "review-comment";
        commentId: number;
        reviewComment: ReviewCommentFacts;
      }
    | { kind: "discussion"; discussion: DiscussionFacts }
    | {
        kind: "discussion-comment";
        /** The comment's database id (its `discussion.comment.nodeId` is GraphQL's). */
        commentId: number;
        discussion: DiscussionFacts;
      };
  /** ISO time the webhook was received. */
  receivedAt: string;
  /** The repository's `.github/askcode.yml` as the worker read it (the defaults when it could not). */
  config: RepoConfig;
  /** What was wrong in that file, or that it could not be read; the answer says so, and defaults were used. */
  configProblems: ConfigProblem[];
}

/** "owner/repo#12": jobs with the same key run one at a time. */
export function issueKey(
  job: Pick<QuestionJob, "owner" | "repo" | "issueNumber">,
): string {
  return `${job.owner}/${job.repo}#${job.issueNumber}`.toLowerCase();
}
