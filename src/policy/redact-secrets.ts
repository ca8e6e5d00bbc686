import { findAccountLines } from "./find-account-lines.js";
import { findAssignedSecrets } from "./find-assigned-secrets.js";
import { findJoinedSecrets } from "./find-joined-secrets.js";
import { findOwnSecrets, type OwnSecret } from "./find-own-secrets.js";
import { findPatternSecrets } from "./find-pattern-secrets.js";
import { findPrefixedTokens } from "./find-prefixed-tokens.js";
import { findProviderSecrets } from "./find-provider-secrets.js";
import { isConfigPath } from "./config-path.js";
import { replaceSecretSpans, type Redacted } from "./replace-secret-spans.js";
import type { SecretSpan } from "./secret-span.js";

export type { Redacted };

export interface RedactOptions {
  /**
   * The file the text is, when it is one: in a config file (`isConfigPath`)
   * an unquoted value after a secret-named key is a value even when it
   * looks like a name (`password = hunter`).
   */
  path?: string;
  /**
   * Keep every line: a secret that spans lines (a private key block) leaves
   * its marker on the first and its line breaks after it, so line numbers
   * stay true. For file text that is cited by line; a posted comment folds
   * the block into one marker.
   */
  keepLines?: boolean;
  /**
   * askcode's own secrets (`OperatorConfig.ownSecrets`), matched exactly
   * wherever they are (`findOwnSecrets`).
   */
  ownSecrets?: readonly OwnSecret[];
}

/**
 * Replaces secret-looking strings with markers, so nothing askcode posts
 * carries a credential, whether it came from a file, a tool result, the
 * issue itself or the model (docs/architecture/overview.md, "Security
 * model"). Provider tokens are found by secretlint's recommended rules
 * (`findProviderSecrets`) and, at any length, by their prefixes
 * (`findPrefixedTokens`), the rest by askcode's own patterns
 * (`SECRET_PATTERNS`), askcode's own credentials by value
 * (`findOwnSecrets`), values given to secret-named keys by
 * `findAssignedSecrets` (`password = "hunter2"`, whatever its length), and
 * tokens split into joined literals by `findJoinedSecrets`
 * (`"sk-" + "…"`). Key names stay (`password =
 * "REDACTED_SECRET"`) so the text still explains the code.
 *
 * Where findings overlap, the widest wins (`replaceSecretSpans`); of two
 * on the same text, askcode's own name wins, then a provider's, then a
 * generic `token = …`. Markers match no rule, so redacting twice changes
 * nothing.
 *
 * @example
 * await redactSecrets(`const token = "${githubToken}";`)
 * // { text: 'const token = "REDACTED_GITHUB_TOKEN";', redactions: 1 }
 * await redactSecrets("password: str")
 * // { text: "password: str", redactions: 0 }
 */
export async function redactSecrets(
  text: string,
  options: RedactOptions = {},
): Promise<Redacted> {
  return replaceSecretSpans(text, await findSecrets(text, options), options);
}

/**
 * Where `redactSecrets` finds secrets, in the order its names win: for a
 * caller that adds findings of its own before replacing them
 * (`securePostedText`).
 */
export async function findSecrets(
  text: string,
  options: Omit<RedactOptions, "keepLines"> = {},
): Promise<SecretSpan[]> {
  return [
    ...findOwnSecrets(text, options.ownSecrets ?? []),
    ...(await findProviderSecrets(text)),
    ...findPrefixedTokens(text),
    ...findPatternSecrets(text),
    ...findAssignedSecrets(text, {
      config: options.path !== undefined && isConfigPath(options.path),
    }),
    ...(await findJoinedSecrets(text, secretLabel)),
    ...findAccountLines(text),
  ];
}

// Joined literals that make a token: what a provider's rule or askcode's
// own patterns call the whole, if anything. Only token-shaped strings are
// asked (no spaces, 16 characters or more), so an array of words costs nothing.
async function secretLabel(joined: string): Promise<string | undefined> {
  if (!/^[\w.+/=-]{16,}$/.test(joined)) return undefined;
  return (
    (await findProviderSecrets(joined))[0]?.label ??
    findPrefixedTokens(joined)[0]?.label ??
    findPatternSecrets(joined)[0]?.label
  );
}
