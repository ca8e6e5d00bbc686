/** The variables askcode's app identity is read from, as `readAppCredentials` names them. */
export type CredentialVariable =
  "APP_ID" | "PRIVATE_KEY or PRIVATE_KEY_PATH" | "WEBHOOK_SECRET";

// Where an operator finds each one: all three are on the GitHub App's
// settings page (https://github.com/settings/apps/<name>, or the
// organisation's), and Probot's setup flow writes all three to `.env`.
const WHERE: Record<CredentialVariable, string> = {
  APP_ID: "APP_ID (the App ID on the GitHub App's settings page)",
  "PRIVATE_KEY or PRIVATE_KEY_PATH":
    'PRIVATE_KEY (the app\'s private key, PEM) or PRIVATE_KEY_PATH (the path of its .pem file; "Generate a private key" on the settings page)',
  WEBHOOK_SECRET:
    "WEBHOOK_SECRET (the webhook secret entered on the settings page)",
};

/**
 * The variables an operator must set, each with where to find its value,
 * to follow "Set " in a message.
 *
 * @example
 * credentialsToSet(["APP_ID"])
 * // "APP_ID (the App ID on the GitHub App's settings page)"
 */
export function credentialsToSet(
  missing: readonly CredentialVariable[],
): string {
  return missing.map((name) => WHERE[name]).join(", and ");
}
