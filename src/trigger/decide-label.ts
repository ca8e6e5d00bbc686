import type { RepoConfig } from "../config/repo-config-schema.js";
import { findMissionForLabel } from "../missions/find-mission-for-label.js";
import type { Mission } from "../missions/mission-schema.js";
import {
  ignore,
  type TriggerDecision,
  type TriggerPayload,
} from "./trigger-types.js";

/**
 * A label added to an issue: does it start a mission here?
 *
 * Only people with triage access can label an issue, so the labeller is
 * trusted, with one exception: an issue template's labels are applied as
 * the issue's author, so when the author labels their own issue, their
 * `author_association` must be allowed, as for a mention. Closed issues are
 * left alone: labelling them is housekeeping, not a request for work.
 *
 * @example
 * decideLabel(payload, config, missions) // label "askcode: triage" on open issue 444500041
 * // { kind: "mission", mission: bugTriage,
 * //   triggerId: "issue:444500041:mission:bug_triage:2019-05-15T15:20:18Z" }
 */
export function decideLabel(
  payload: TriggerPayload,
  config: RepoConfig,
  missions: readonly Mission[],
): TriggerDecision {
  const { issue, label, sender } = payload;
  if (!label)
    return ignore("unsupported-event", "a labeled event without a label");
  if (config.missions.enabled === false)
    return ignore(
      "missions-disabled",
      "missions.enabled is false in askcode.yml",
    );
  const mission = findMissionForLabel(missions, label.name);
  if (!mission)
    return ignore(
      "label-not-claimed",
      `no mission claims the label "${label.name}"`,
    );
  const { enabled } = config.missions;
  if (Array.isArray(enabled) && !enabled.includes(mission.name))
    return ignore(
      "mission-not-enabled",
      `mission ${mission.name} is not in missions.enabled (${enabled.join(", ") || "empty"})`,
    );
  if (issue.state === "closed")
    return ignore("closed", "missions do not run on closed issues");
  const byAuthor =
    issue.user !== null &&
    issue.user.login.toLowerCase() === sender.login.toLowerCase();
  if (
    byAuthor &&
    !config.allowed_associations.some((a) => a === issue.author_association)
  )
    return ignore(
      "association-not-allowed",
      `the issue's author (${issue.author_association}) labelled it, and is not in allowed_associations`,
    );
  // Re-adding a label is a new request; a redelivery of one event is not:
  // updated_at tells them apart. Labels of one mission added together share it.
  return {
    kind: "mission",
    mission,
    triggerId: `issue:${issue.id}:mission:${mission.name}:${issue.updated_at ?? ""}`,
  };
}
