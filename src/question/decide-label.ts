import type { Association } from "../config/config-fields.js";
import type { RepoConfig } from "../config/repo-config-schema.js";
import type { Mission } from "../missions/mission-schema.js";
import { refuseAsker } from "./refuse-asker.js";
import {
  ignore,
  type TriggerDecision,
  type TriggerPayload,
} from "./trigger-types.js";

/**
 * A label that `mission` claims, added to an open issue or discussion
 * (`screenTrigger` checked both): does the repository let that mission run
 * here, for whoever applied the label?
 *
 * Whose act it was decides, as for a mention (`refuseAsker`): the label's
 * `sender` (`labellerAssociation`). Someone who labels another's issue has
 * triage access, and the mission runs as theirs; a label whose sender is
 * the issue's author is most often an issue template's (or a discussion
 * category form's), which GitHub applies as the author who opened it, so an
 * outsider is held to `allowed_associations` and `outsiders: none` there as
 * for a mention, and `outsiders: retrieval` answers them without the model
 * (`planRun`).
 *
 * @example
 * decideLabel(payload, config, bugTriage, "issue:444500041:mission:bug_triage:2019-05-15T15:20:18Z")
 * // { kind: "mission", mission: bugTriage, askerAssociation: "OWNER",
 * //   triggerId: "issue:444500041:mission:bug_triage:2019-05-15T15:20:18Z" }
 */
export function decideLabel(
  payload: TriggerPayload,
  config: RepoConfig,
  mission: Mission,
  triggerId: string,
): TriggerDecision {
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
  const labeller = labellerAssociation(payload);
  if (labeller.byAuthor) {
    const refused = refuseAsker(labeller.association, config);
    if (refused)
      return {
        ...refused,
        detail: `the ${payload.discussion ? "discussion" : "issue"}'s author applied the label (a template's): ${refused.detail}`,
      };
  }
  return {
    kind: "mission",
    mission,
    triggerId,
    askerAssociation: labeller.association,
  };
}

// Labelling takes triage access, which GitHub gives only to a repository's
// collaborators and its organisation's members; the `labeled` payload does
// not say which of the two the sender is, and both are the repository's people.
// https://docs.github.com/en/organizations/managing-user-access-to-your-organizations-repositories/managing-repository-roles/repository-roles-for-an-organization
const TRIAGER: Association = "COLLABORATOR";

/**
 * Who applied a label, by `author_association`: the issue's (or
 * discussion's) author when they are its `sender` (a template's labels, or
 * a member labelling their own issue), else someone with triage access,
 * counted as a collaborator (`TRIAGER`). `byAuthor` says which.
 *
 * @example
 * labellerAssociation({ sender: { login: "octocat" }, issue: { user: { login: "octocat" }, author_association: "NONE" } })
 * // { association: "NONE", byAuthor: true }
 */
export function labellerAssociation(
  payload: Pick<TriggerPayload, "issue" | "sender">,
): { association: string; byAuthor: boolean } {
  const { issue, sender } = payload;
  const byAuthor =
    issue.user !== null &&
    issue.user.login.toLowerCase() === sender.login.toLowerCase();
  return byAuthor
    ? { association: issue.author_association, byAuthor }
    : { association: TRIAGER, byAuthor };
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
