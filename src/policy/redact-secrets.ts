import { findPatternSecrets } from "./find-pattern-secrets.js";
import { findProviderSecrets } from "./find-provider-secrets.js";
import type { SecretSpan } from "./secret-span.js";

export interface Redacted {
  /** The text with every secret replaced by a marker such as `[redacted GitHub token]`. */
  text: string;
  /** How many secrets were replaced. */
  redactions: number;
}

/**
 * Replaces secret-looking strings with markers, so nothing askcode posts
 * carries a credential, whether it came from a file, a tool result, the
 * issue itself or the model (docs/architecture/overview.md, "Security
 * model"). Provider tokens are found by secretlint's recommended rules
 * (`findProviderSecrets`), the rest by askcode's own patterns
 * (`SECRET_PATTERNS`). Key names stay (`password = "[redacted
 * secret]"`) so the text still explains the code.
 *
 * Where findings overlap, the widest wins and takes in the others (a key
 * block, not the token inside it); of two on the same text, a provider's
 * beats a generic `token = …`. Markers match no rule, so redacting twice
 * changes nothing.
 *
 * @example
 * await redactSecrets(`const token = "${githubToken}";`)
 * // { text: 'const token = "[redacted GitHub token]";', redactions: 1 }
 * await redactSecrets("password: str")
 * // { text: "password: str", redactions: 0 }
 */
export async function redactSecrets(text: string): Promise<Redacted> {
  const spans = mergeOverlaps([
    ...(await findProviderSecrets(text)),
    ...findPatternSecrets(text),
  ]);
  let out = "";
  let from = 0;
  for (const { start, end, label } of spans) {
    out += `${text.slice(from, start)}[redacted ${label}]`;
    from = end;
  }
  return { text: out + text.slice(from), redactions: spans.length };
}

/** Spans in text order, none overlapping: ties keep the earlier finding. */
function mergeOverlaps(found: readonly SecretSpan[]): SecretSpan[] {
  // A stable sort: among spans with the same start and end, the first found stays first.
  const ordered = [...found].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretSpan[] = [];
  for (const span of ordered) {
    const last = merged.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}
