import type { SecretSpan } from "./secret-span.js";

/**
 * A secret askcode itself holds (its webhook secret, its private key, its
 * model's API key, its Redis password), by value, and what a marker calls it.
 */
export interface OwnSecret {
  /** What the marker says was removed: `webhook secret` (`REDACTED_WEBHOOK_SECRET`). */
  label: string;
  /** The value as the operator set it; a value over several lines (a PEM key) is matched line by line too. */
  value: string;
}

// Shorter values are matched nowhere: a value this short is a word as often
// as a secret (`WEBHOOK_SECRET=development` in a test setup), and redacting
// every `development` would break answers without protecting anything a
// guess could not find.
const MIN_LENGTH = 8;
// A line of a value over several lines is matched alone when it is this long
// and base64 (a PEM body line): not its `-----BEGIN …-----` armour, which
// every key has.
const LINE = /^[A-Za-z0-9+/=]{16,}$/;
// Line breaks as written, or escaped as `\n` in an env file's quoted value.
const BREAK = /\r?\n|\\r\\n|\\n/;

/**
 * Where `secrets`' values occur in `text`, exactly (case and all), so
 * nothing askcode posts or sends to a model carries its own credentials,
 * whatever the model was told or an asker pasted. Values and their lines
 * shorter than 8 characters are not looked for.
 *
 * @example
 * findOwnSecrets("the secret is s3cr3t-Hook-Value", [{ label: "webhook secret", value: "s3cr3t-Hook-Value" }])
 * // [{ start: 14, end: 31, label: "webhook secret" }]
 */
export function findOwnSecrets(
  text: string,
  secrets: readonly OwnSecret[],
): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const { label, value } of secrets)
    for (const needle of ownSecretNeedles(value))
      for (let at = text.indexOf(needle); at !== -1;) {
        spans.push({ start: at, end: at + needle.length, label });
        at = text.indexOf(needle, at + needle.length);
      }
  return spans;
}

/**
 * What is looked for of one secret's value: the whole value, trimmed, and
 * each long base64 line of a value over several lines (a PEM body line),
 * none shorter than 8 characters.
 *
 * @example
 * ownSecretNeedles("  s3cr3t-Hook-Value ") // ["s3cr3t-Hook-Value"]
 * ownSecretNeedles("develop") // []
 */
export function ownSecretNeedles(value: string): string[] {
  const whole = value.trim();
  const lines = whole
    .split(BREAK)
    .map((line) => line.trim())
    .filter((line) => line !== whole && LINE.test(line));
  return [whole, ...lines].filter((n) => n.length >= MIN_LENGTH);
}
