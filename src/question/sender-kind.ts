/**
 * Who sent an event: the app itself, another bot, or a person. An app acts
 * as `<slug>[bot]` with type "Bot"; GitHub Actions is `github-actions[bot]`.
 * A login ending in `[bot]` cannot be registered by a person, so either sign
 * is enough. askcode never answers a bot: two bots answering each other
 * would loop, and a bot's text is no one's question.
 *
 * @example
 * senderKind({ login: "askcode[bot]", type: "Bot" }, "askcode")  // "self"
 * senderKind({ login: "dependabot[bot]", type: "Bot" }, "askcode") // "bot"
 * senderKind({ login: "octocat", type: "User" }, "askcode")       // "person"
 */
export function senderKind(
  sender: { login: string; type: string },
  appSlug: string,
): "self" | "bot" | "person" {
  const login = sender.login.toLowerCase();
  if (login === `${appSlug.toLowerCase()}[bot]`) return "self";
  if (sender.type === "Bot" || login.endsWith("[bot]")) return "bot";
  return "person";
}
