import { decideLabel } from "./decide-label.js";
import { decideDismiss } from "./decide-dismiss.js";
import { decideMention } from "./decide-mention.js";
import { decideUnasked } from "./decide-unasked.js";
import { screenTrigger } from "./screen-trigger.js";
import {
  ignore,
  type TriggerDecision,
  type TriggerInput,
} from "./trigger-types.js";

/**
 * Decides what one webhook event asks of askcode: a question to answer, a
 * mission to run, or nothing (with the reason, for the log). Pure: the
 * worker passes the event, the repository's config and the missions, and
 * runs what comes back.
 *
 * What triggers (docs/architecture/overview.md, "1. Trigger"):
 * - `issue_comment.created` and `issues.opened` that mention the handle
 *   (the repository's `handle`, else the operator's, else the app's slug);
 * - `issues.labeled` with a label that a mission claims;
 * - `issues.opened` and `discussion.created` that mention no one the
 *   repository's `unasked:` chooses (`decideUnasked`): an unasked question,
 *   which the confidence gate still decides;
 * - a mention that asks `/dismiss`: the dismissal of the thread's unasked
 *   answer (`decideDismiss`), not a question.
 *
 * What never does: first what `screenTrigger` rules out from the event
 * alone (the webhook handler asks it before enqueueing: other events,
 * edits, bots, locked issues, no mention, unclaimed labels), then a
 * repository with `enabled: false`, then, per kind, what `decideMention`
 * and `decideLabel` check against the config.
 *
 * A comment on a pull request's conversation is an `issue_comment` too, and
 * is decided the same way; the run reads the pull request's head commit
 * (`src/run/run-question.ts`). So is a `pull_request_review_comment.created`
 * on a line, once `reviewCommentTrigger` has put its pull request in the
 * issue's place; its trigger id is `review-comment:<id>`.
 *
 * @example
 * decideTrigger({ event: "issue_comment", payload: job.payload,
 *   appSlug: "askcode", config, missions })
 * // { kind: "question", question: "where is retry decided?", source: "comment",
 * //   questionFrom: "mention", triggerId: "comment:1362343011" }
 */
export function decideTrigger(input: TriggerInput): TriggerDecision {
  const { payload, config } = input;
  const candidate = screenTrigger(input);
  if (candidate.kind === "ignore") return candidate;
  if (!config.enabled)
    return ignore("disabled", "enabled is false in askcode.yml");
  if (candidate.mission)
    return decideLabel(payload, config, candidate.mission, candidate.triggerId);
  const handle = config.handle ?? input.defaultHandle ?? input.appSlug;
  const decision = decideMention(
    candidate.source === "issue" ? "issue" : "comment",
    payload,
    handle.toLowerCase(),
    config,
    candidate.triggerId,
  );
  // A new issue or discussion that mentions askcode is the mention's to
  // answer (never both); one that does not may be answered unasked.
  if (
    candidate.source === "issue" &&
    decision.kind === "ignore" &&
    decision.reason === "no-mention"
  )
    return decideUnasked(payload, config, candidate.triggerId, decision);
  return decideDismiss(decision, payload);
}
