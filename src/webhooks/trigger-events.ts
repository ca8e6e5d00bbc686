/** Actions on what could ask that never do: an edit or a deletion is not a new question. */
const IGNORED_ACTIONS = [
  "issue_comment.edited",
  "issue_comment.deleted",
  "issues.edited",
  "pull_request_review_comment.edited",
  "pull_request_review_comment.deleted",
  "discussion.edited",
  "discussion_comment.edited",
  "discussion_comment.deleted",
] as const;

/**
 * The webhook events the trigger handler (`createTriggerHandler`) is
 * registered for: each action that may ask a question, and the edits and
 * deletions that never do, which are logged once with their reason and
 * counted (docs/architecture/overview.md), not dropped unseen.
 *
 * @example
 * app.on([...TRIGGER_EVENTS], createTriggerHandler(deps));
 */
export const TRIGGER_EVENTS = [
  "issue_comment.created",
  "issues.opened",
  "issues.labeled",
  "pull_request_review_comment.created",
  "discussion.created",
  "discussion.labeled",
  "discussion_comment.created",
  ...IGNORED_ACTIONS,
] as const;
