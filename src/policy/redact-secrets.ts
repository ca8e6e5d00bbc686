import { findAssignedSecrets } from "./find-assigned-secrets.js";
import { findJoinedSecrets } from "./find-joined-secrets.js";
import { findPatternSecrets } from "./find-pattern-secrets.js";
import { findProviderSecrets } from "./find-provider-secrets.js";
import { isConfigPath } from "./config-path.js";
import type { SecretSpan } from "./secret-span.js";

export interface Redacted {
  /** The text with every secret replaced by a marker such as `[redacted GitHub token]`. */
  text: string;
  /** How many secrets were replaced. */
  redactions: number;
}

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
}

/**
 * Replaces secret-looking strings with markers, so nothing askcode posts
 * carries a credential, whether it came from a file, a tool result, the
 * issue itself or the model (docs/architecture/overview.md, "Security
 * model"). Provider tokens are found by secretlint's recommended rules
 * (`findProviderSecrets`), the rest by askcode's own patterns
 * (`SECRET_PATTERNS`), values given to secret-named keys by
 * `findAssignedSecrets` (`password = "hunter2"`, whatever its length), and
 * tokens split into joined literals by `findJoinedSecrets`
 * (`"sk-" + "…"`). Key names stay (`password = "[redacted
 * secret]"`) so the text still explains the code.
 *
 * Where findings overlap, the widest wins and takes in the others (a key
 * block, not the token inside it); of two on the same text, a provider's
 * beats a generic `token = …`, and a generic one takes the name of what it
 * holds (`private_key = "-----BEGIN…"` is a private key). Markers match no rule, so redacting twice
 * changes nothing.
 *
 * @example
 * await redactSecrets(`const token = "${githubToken}";`)
 * // { text: 'const token = "[redacted GitHub token]";', redactions: 1 }
 * await redactSecrets("password: str")
 * // { text: "password: str", redactions: 0 }
 */
export async function redactSecrets(
  text: string,
  options: RedactOptions = {},
): Promise<Redacted> {
  const spans = mergeOverlaps([
    ...(await findProviderSecrets(text)),
    ...findPatternSecrets(text),
    ...findAssignedSecrets(text, {
      config: options.path !== undefined && isConfigPath(options.path),
    }),
    ...(await findJoinedSecrets(text, secretLabel)),
  ]);
  let out = "";
  let from = 0;
  for (const { start, end, label } of spans) {
    const breaks = options.keepLines
      ? text.slice(start, end).replace(/[^\n]/g, "")
      : "";
    out += `${text.slice(from, start)}[redacted ${label}]${breaks}`;
    from = end;
  }
  return { text: out + text.slice(from), redactions: spans.length };
}

// Joined literals that make a token: what a provider's rule or askcode's
// own patterns call the whole, if anything. Only token-shaped strings are
// asked (no spaces, 16 characters or more), so an array of words costs nothing.
async function secretLabel(joined: string): Promise<string | undefined> {
  if (!/^[\w.+/=-]{16,}$/.test(joined)) return undefined;
  return (
    (await findProviderSecrets(joined))[0]?.label ??
    findPatternSecrets(joined)[0]?.label
  );
}

// What a value given to a secret-named key is called when nothing more is known.
const GENERIC = "secret";

/**
 * Spans in text order, none overlapping: ties keep the earlier finding, and
 * a generic `secret` takes the name of a provider's token or a key inside it.
 */
function mergeOverlaps(found: readonly SecretSpan[]): SecretSpan[] {
  // A stable sort: among spans with the same start and end, the first found stays first.
  const ordered = [...found].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretSpan[] = [];
  for (const span of ordered) {
    const last = merged.at(-1);
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      // `private_key = "-----BEGIN…"`: the block's name says more than the key's.
      if (last.label === GENERIC) last.label = span.label;
    } else merged.push({ ...span });
  }
  return merged;
}
