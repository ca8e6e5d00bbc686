import type { Association } from "../config/config-fields.js";

// What each `author_association` says about the author, in the words of
// https://docs.github.com/en/graphql/reference/enums#commentauthorassociation
const MEANINGS: Record<Association, string> = {
  OWNER: "the owner of the repository",
  MEMBER: "a member of the organization that owns the repository",
  COLLABORATOR: "invited to collaborate on the repository",
  CONTRIBUTOR:
    "has committed to the repository before; not a member of the repository",
  FIRST_TIME_CONTRIBUTOR:
    "a first contribution to the repository; not a member of the repository",
  FIRST_TIMER: "a first contribution on GitHub; not a member of the repository",
  NONE: "not a member of the repository",
  MANNEQUIN: "a placeholder for a user whose account was imported",
};

/**
 * Who wrote a piece of an issue thread, for the label of its data block:
 * the login and what GitHub's `author_association` says of them. An
 * association GitHub adds later is named as it comes; a missing one is said
 * to be unknown rather than guessed.
 *
 * @example
 * describeAuthor("alice", "NONE")   // "@alice (NONE: not a member of the repository)"
 * describeAuthor("bob", "MEMBER")   // "@bob (MEMBER: a member of the organization that owns the repository)"
 * describeAuthor("carol", undefined) // "@carol (association unknown)"
 */
export function describeAuthor(
  login: string,
  association: string | undefined,
): string {
  if (association === undefined) return `@${login} (association unknown)`;
  const name = association.replace(/[^A-Z_]/g, "");
  const meaning = MEANINGS[name as Association] as string | undefined;
  return meaning ? `@${login} (${name}: ${meaning})` : `@${login} (${name})`;
}
