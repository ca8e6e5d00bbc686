import { isMemberAssociation } from "../config/config-fields.js";
import type { RepoConfig } from "../config/repo-config-schema.js";
import { ignore, type IgnoreDecision } from "./trigger-types.js";

/**
 * Whether the repository turns away the person whose act asked, by their
 * `author_association`: one not in `allowed_associations` (`trigger:
 * members` narrows it to owners, members and collaborators), or anyone
 * outside the repository under `outsiders: none`. A mention and a mission
 * label are held to the same rule, so a label an outsider's issue template
 * applies lets them do no more than a mention would. Undefined: they may
 * ask.
 *
 * @example
 * refuseAsker("NONE", config) // outsiders: none
 * // { kind: "ignore", reason: "association-not-allowed",
 * //   detail: "author_association NONE is outside the repository, and outsiders is none" }
 */
export function refuseAsker(
  association: string,
  config: Pick<RepoConfig, "allowed_associations" | "outsiders">,
): IgnoreDecision | undefined {
  if (!config.allowed_associations.some((allowed) => allowed === association))
    return ignore(
      "association-not-allowed",
      `author_association ${association} is not in allowed_associations (${config.allowed_associations.join(", ")})`,
    );
  if (config.outsiders === "none" && !isMemberAssociation(association))
    return ignore(
      "association-not-allowed",
      `author_association ${association} is outside the repository, and outsiders is none`,
    );
  return undefined;
}
