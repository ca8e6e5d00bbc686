import { decideLabel } from "./decide-label.js";
import { decideMention } from "./decide-mention.js";
import { senderKind } from "./sender-kind.js";
import {
  ignore,
  type TriggerDecision,
  type TriggerInput,
} from "./trigger-types.js";

/**
 * Decides what one webhook event asks of askcode: a question to answer, a
 * mission to run, or nothing (with the reason, for the log). Pure: the
 * webhook handler passes the event, the repository's config and the
 * missions, and enqueues what comes back.
 *
 * What triggers (docs/architecture/overview.md, "1. Trigger"):
 * - `issue_comment.created` and `issues.opened` that mention the handle
 *   (the repository's `handle`, else the operator's, else the app's slug);
 * - `issues.labeled` with a label that a mission claims.
 *
 * What never does, checked in this order: other events and actions (edits
 * and deletions by name: an edit that adds a mention must not answer twice),
 * the app itself and any other bot, pull requests, a repository with
 * `enabled: false`, locked issues; then, per kind, what `decideMention` and
 * `decideLabel` check.
 *
 * Pull requests are ignored: `issue_comment` fires on them too, but askcode
 * reads the default branch, not the pull request's changes, so its answer
 * would describe code other than the code under review; and commenting on a
 * pull request is governed by the `pull_requests` permission, which the app
 * does not ask for.
 *
 * @example
 * decideTrigger({ event: "issue_comment", payload: context.payload,
 *   appSlug: "askcode", config, missions })
 * // { kind: "question", question: "where is retry decided?", source: "comment",
 * //   questionFrom: "mention", triggerId: "comment:1362343011" }
 */
export function decideTrigger(input: TriggerInput): TriggerDecision {
  const { event, payload, appSlug, config, missions } = input;
  const action = payload.action ?? "";
  const kind = eventKind(event, action);
  if (kind === "edited" || kind === "deleted")
    return ignore(kind, `${event}.${action} never triggers`);
  if (kind === undefined)
    return ignore(
      "unsupported-event",
      `askcode does not act on ${event}.${action}`,
    );
  const sender = senderKind(payload.sender, appSlug);
  if (sender === "self") return ignore("self", "askcode's own event");
  if (sender === "bot")
    return ignore("bot", `${payload.sender.login} is a bot`);
  if (payload.issue.pull_request)
    return ignore(
      "pull-request",
      "askcode answers on issues, not pull requests",
    );
  if (!config.enabled)
    return ignore("disabled", "enabled is false in askcode.yml");
  if (payload.issue.locked) return ignore("locked", "the issue is locked");
  if (kind === "labeled") return decideLabel(payload, config, missions);
  const handle = config.handle ?? input.defaultHandle ?? appSlug;
  return decideMention(kind, payload, handle.toLowerCase(), config);
}

function eventKind(
  event: string,
  action: string,
): "comment" | "issue" | "labeled" | "edited" | "deleted" | undefined {
  if (action === "edited" || action === "deleted") {
    return event === "issue_comment" || event === "issues" ? action : undefined;
  }
  if (event === "issue_comment" && action === "created") return "comment";
  if (event === "issues" && action === "opened") return "issue";
  if (event === "issues" && action === "labeled") return "labeled";
  return undefined;
}
