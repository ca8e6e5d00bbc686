// GitHub Apps commit as `<slug>[bot]` <`<id>+<slug>[bot]@users.noreply.github.com`>
// (dependabot[bot], renovate[bot], github-actions[bot]); a name ending in
// "[bot]" cannot be a person's. Self-hosted Renovate and the old Dependabot
// and Greenkeeper signed with their bare names.
const BOT_NAME = /\[bot\]|^(?:dependabot|renovate|greenkeeper)(?:[-\s]|$)/i;

/**
 * Whether a git author or committer is a bot: its messages describe a
 * version bump or a generated change, not a question a person would ask.
 *
 * @example
 * isBotIdentity({ name: "dependabot[bot]", email: "49699333+dependabot[bot]@users.noreply.github.com" }) // true
 * isBotIdentity({ name: "Renovate Bot", email: "bot@renovateapp.com" })                                 // true
 * isBotIdentity({ name: "Ada Lovelace", email: "ada@example.com" })                                     // false
 */
export function isBotIdentity(identity: {
  name: string;
  email: string;
}): boolean {
  return BOT_NAME.test(identity.name) || identity.email.includes("[bot]");
}
