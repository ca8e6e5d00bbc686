import type { RepoConfig } from "../config/repo-config-schema.js";
import type { Mission } from "../missions/mission-schema.js";
import {
  ignore,
  type TriggerDecision,
  type TriggerPayload,
} from "./trigger-types.js";

/**
 * A label that `mission` claims, added to an open issue (`screenTrigger`
 * checked both): does the repository let that mission run here?
 *
 * Only people with triage access can label an issue, so the labeller is
 * trusted, with one exception: an issue template's labels are applied as
 * the issue's author, so when the author labels their own issue, their
 * `author_association` must be allowed, as for a mention.
 *
 * @example
 * decideLabel(payload, config, bugTriage, "issue:444500041:mission:bug_triage:2019-05-15T15:20:18Z")
 * // { kind: "mission", mission: bugTriage,
 * //   triggerId: "issue:444500041:mission:bug_triage:2019-05-15T15:20:18Z" }
 */
export function decideLabel(
  payload: TriggerPayload,
  config: RepoConfig,
  mission: Mission,
  triggerId: string,
): TriggerDecision {
  const { issue, sender } = payload;
  const { enabled } = config.missions;
  if (enabled === false)
    return ignore(
      "missions-disabled",
      "missions.enabled is false in askcode.yml",
    );
  if (!missionEnabled(config, mission.name))
    return ignore(
      "mission-not-enabled",
      // Only a list leaves a mission out (false returned above).
      `mission ${mission.name} is not in missions.enabled (${(enabled as string[]).join(", ") || "empty"})`,
    );
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
  return { kind: "mission", mission, triggerId };
}

/**
 * Whether the repository runs the mission named `name`
 * (`missions.enabled`: true for all, false for none, or a list of names).
 *
 * @example
 * missionEnabled({ missions: { enabled: ["bug_triage"] } }, "code_exploration") // false
 */
export function missionEnabled(
  config: Pick<RepoConfig, "missions">,
  name: string,
): boolean {
  const { enabled } = config.missions;
  return Array.isArray(enabled) ? enabled.includes(name) : enabled;
}
