import { findOwnSecrets, type OwnSecret } from "./find-own-secrets.js";
import { replaceSecretSpans } from "./replace-secret-spans.js";

/**
 * `text` with askcode's own secrets (`findOwnSecrets`) replaced by markers,
 * and nothing else changed: for text that goes to the model as the asker
 * wrote it (the question, the thread), which a pasted credential of the
 * operator's must not reach. Synchronous and cheap: a few exact searches.
 *
 * @example
 * redactOwnSecrets("why does s3cr3t-Hook-Value fail?", [{ label: "webhook secret", value: "s3cr3t-Hook-Value" }])
 * // "why does REDACTED_WEBHOOK_SECRET fail?"
 */
export function redactOwnSecrets(
  text: string,
  secrets: readonly OwnSecret[],
): string {
  if (secrets.length === 0) return text;
  return replaceSecretSpans(text, findOwnSecrets(text, secrets)).text;
}
