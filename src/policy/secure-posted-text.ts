import type { OwnSecret } from "./find-own-secrets.js";
import { findSplitSecrets } from "./find-split-secrets.js";
import { neutralizeMentions } from "./neutralize-mentions.js";
import { neutralizeReferences } from "./neutralize-references.js";
import { redactObfuscatedSecrets } from "./redact-obfuscated-secrets.js";
import { findSecrets } from "./redact-secrets.js";
import { replaceSecretSpans } from "./replace-secret-spans.js";

export interface SecuredText {
  /** The Markdown as askcode may post it. */
  text: string;
  /** Secrets replaced by markers, plain and obfuscated. */
  redactions: number;
}

/**
 * Markdown as askcode may post it, whatever wrote it (the model, a
 * renderer quoting an error, a thread): its secrets redacted, plain
 * (`findSecrets`, what `redactSecrets` finds), split or disguised
 * (`findSplitSecrets`, the second wall: fragments joined, shifted, reversed,
 * decoded, and judged by one rule) and obfuscated otherwise
 * (`redactObfuscatedSecrets`), askcode's own among them; then its mentions
 * (`neutralizeMentions`), cross-repository references and closing keywords
 * (`neutralizeReferences`) made inert.
 *
 * The first two read the text as it was written and are replaced together,
 * so where a token's first half is a whole token to the first wall and its
 * second half only to the second, both halves go (one span each, widest
 * first, the first wall's name on the same span).
 *
 * The order is the point: redaction rewrites text, so whatever it leaves
 * next to a marker is judged for mentions and references after it, on the
 * text that is posted. Each step changes nothing it already made safe, so
 * running this again on a body built from secured parts is harmless.
 *
 * @example
 * await securePostedText("Try `postgres://admin:Pg-Secr3t@db.internal/app`, @octocat")
 * // { text: "Try `postgres://admin:REDACTED_PASSWORD@db.internal/app`, `@octocat`", redactions: 1 }
 */
export async function securePostedText(
  markdown: string,
  options: { ownSecrets?: readonly OwnSecret[] } = {},
): Promise<SecuredText> {
  const plain = replaceSecretSpans(markdown, [
    ...(await findSecrets(markdown, options)),
    ...findSplitSecrets(markdown, options.ownSecrets),
  ]);
  const hidden = await redactObfuscatedSecrets(plain.text, options);
  const text = neutralizeReferences(neutralizeMentions(hidden.text).text).text;
  return { text, redactions: plain.redactions + hidden.redactions };
}
