import { findMissionForLabel } from "../missions/find-mission-for-label.js";
import type { Mission } from "../missions/mission-schema.js";
import { mentionsAnyone } from "./find-mention.js";
import { senderKind } from "./sender-kind.js";
import {
  ignore,
  type IgnoreDecision,
  type TriggerPayload,
} from "./trigger-types.js";

/** An event that may ask something of askcode, pending the repository's config. */
export interface TriggerCandidate {
  kind: "candidate";
  /** A comment that mentions someone, a new issue or discussion (mentioned or not: `unasked:` may answer it), or a label a mission claims. */
  source: "comment" | "issue" | "labeled";
  /** The mission the label starts (labels only). */
  mission?: Mission;
  /** The same trigger, delivered twice, has the same id: dedupe on it. */
  triggerId: string;
}

export interface ScreenInput {
  /** The webhook event's name (`context.name`): "issue_comment", "pull_request_review_comment", "issues", "discussion" or "discussion_comment". */
  event: string;
  payload: TriggerPayload;
  /** The operator's missions (`loadMissions`). */
  missions: readonly Mission[];
  /**
   * The app's slug, when known: its own events are then "self", not "bot".
   * Both are ignored; the webhook handler screens without it.
   */
  appSlug?: string;
}

/**
 * The part of the trigger decision that needs nothing but the event and the
 * operator's missions: no request to GitHub, so the webhook handler can run
 * it inside GitHub's delivery window. What it lets through, `decideTrigger`
 * decides once the repository's config is read.
 *
 * A review comment on a line (`pull_request_review_comment`, normalised by
 * `reviewCommentTrigger`) is screened as a comment; a new discussion or a
 * comment in one (`discussionTrigger`) as a new issue or a comment.
 *
 * Never a trigger, in this order: other events and actions (edits and
 * deletions by name: an edit that adds a mention must not answer twice;
 * a reopened or transferred issue is not new), the app itself and any
 * other bot, locked issues and pull requests; a label that no mission
 * claims, or on a closed issue; a comment that mentions no one at all
 * (which handle counts is the repository's to say). A new issue or
 * discussion passes whether or not it mentions anyone: the repository's
 * `unasked:` may have askcode answer it unasked, which only the worker,
 * reading the config, can tell.
 *
 * @example
 * screenTrigger({ event: "issue_comment", payload, missions })
 * // comment "@helper where is retry decided?":
 * // { kind: "candidate", source: "comment", triggerId: "comment:1362343011" }
 */
export function screenTrigger(
  input: ScreenInput,
): TriggerCandidate | IgnoreDecision {
  const { event, payload } = input;
  const action = payload.action ?? "";
  const source = eventSource(event, action);
  if (source === "edited" || source === "deleted")
    return ignore(source, `${event}.${action} never triggers`);
  if (source === undefined)
    return ignore(
      "unsupported-event",
      `askcode does not act on ${event}.${action}`,
    );
  const sender = senderKind(payload.sender, input.appSlug ?? "");
  if (sender === "self") return ignore("self", "askcode's own event");
  if (sender === "bot")
    return ignore("bot", `${payload.sender.login} is a bot`);
  const { issue } = payload;
  if (issue.locked)
    return ignore(
      "locked",
      `the ${payload.discussion ? "discussion" : "issue"} is locked`,
    );
  if (source === "labeled") return screenLabel(payload, input.missions);
  if (source === "comment") {
    if (!payload.comment || !mentionsAnyone(payload.comment.body))
      return ignore("no-mention", "the comment mentions no one");
    // Review, discussion and issue comments are numbered apart: ids may meet.
    const kind = payload.reviewComment
      ? "review-comment"
      : payload.discussion
        ? "discussion-comment"
        : "comment";
    return {
      kind: "candidate",
      source,
      triggerId: `${kind}:${payload.comment.id}`,
    };
  }
  return {
    kind: "candidate",
    source,
    triggerId: payload.discussion
      ? `discussion:${payload.discussion.nodeId}`
      : `issue:${issue.id}:opened`,
  };
}

// Only people with triage access can label an issue; what the label asks,
// and whether the repository lets its missions run, `decideLabel` checks.
function screenLabel(
  payload: TriggerPayload,
  missions: readonly Mission[],
): TriggerCandidate | IgnoreDecision {
  const { issue, label } = payload;
  if (!label)
    return ignore("unsupported-event", "a labeled event without a label");
  const mission = findMissionForLabel(missions, label.name);
  if (!mission)
    return ignore(
      "label-not-claimed",
      `no mission claims the label "${label.name}"`,
    );
  // Labelling a closed issue is housekeeping, not a request for work.
  if (issue.state === "closed")
    return ignore("closed", "missions do not run on closed issues");
  // Re-adding a label is a new request; a redelivery of one event is not:
  // updated_at tells them apart. Labels of one mission added together share it.
  return {
    kind: "candidate",
    source: "labeled",
    mission,
    triggerId: `${subject(payload)}:mission:${mission.name}:${issue.updated_at ?? ""}`,
  };
}

// Issues and discussions are numbered apart too.
function subject(payload: TriggerPayload): string {
  return payload.discussion
    ? `discussion:${payload.discussion.nodeId}`
    : `issue:${payload.issue.id}`;
}

function eventSource(
  event: string,
  action: string,
): "comment" | "issue" | "labeled" | "edited" | "deleted" | undefined {
  const commented =
    event === "issue_comment" ||
    event === "pull_request_review_comment" ||
    event === "discussion_comment";
  const opened = event === "issues" || event === "discussion";
  if (action === "edited" || action === "deleted") {
    return commented || opened ? action : undefined;
  }
  if (commented && action === "created") return "comment";
  // A new issue is "opened"; a new discussion is "created".
  if (event === "issues" && action === "opened") return "issue";
  if (event === "discussion" && action === "created") return "issue";
  if (opened && action === "labeled") return "labeled";
  return undefined;
}
