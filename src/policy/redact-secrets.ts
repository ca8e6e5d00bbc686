import { SECRET_PATTERNS, type SecretPattern } from "./secret-patterns.js";

export interface Redacted {
  /** The text with every secret replaced by a marker such as `[redacted GitHub token]`. */
  text: string;
  /** How many secrets were replaced. */
  redactions: number;
}

/**
 * Replaces secret-looking strings with markers, so nothing askcode posts
 * carries a credential, whether it came from a file, a tool result, the
 * issue itself or the model (docs/architecture/overview.md, "Security model"). Key names stay
 * (`password = "[redacted secret]"`) so the text still explains the code.
 *
 * Markers match no pattern, so redacting twice changes nothing.
 *
 * @example
 * redactSecrets('const token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";')
 * // { text: 'const token = "[redacted GitHub token]";', redactions: 1 }
 * redactSecrets("password: str")
 * // { text: "password: str", redactions: 0 }
 */
export function redactSecrets(
  text: string,
  patterns: readonly SecretPattern[] = SECRET_PATTERNS,
): Redacted {
  let redactions = 0;
  let out = text;
  for (const { label, regex, check } of patterns) {
    out = out.replace(regex, (match: string, ...args: unknown[]) => {
      const groups = args.at(-1);
      const g =
        typeof groups === "object" && groups !== null
          ? (groups as Record<string, string | undefined>)
          : {};
      const secret = g.v ?? match;
      if (check && !check(secret)) return match;
      redactions++;
      return `${g.pre ?? ""}[redacted ${label}]${g.post ?? ""}`;
    });
  }
  return { text: out, redactions };
}
