import { SECRET_PATTERNS, type SecretPattern } from "./secret-patterns.js";
import type { SecretSpan } from "./secret-span.js";

/**
 * Where `patterns` find secrets in `text`, pattern by pattern in their
 * order: for each match, the span of its group `v` (the whole match when it
 * has none) when the pattern's `check`, if any, accepts that secret.
 *
 * @example
 * findPatternSecrets('DB_PASSWORD = "q7Xk2Lp9!"')
 * // [{ start: 15, end: 24, label: "secret" }]
 */
export function findPatternSecrets(
  text: string,
  patterns: readonly SecretPattern[] = SECRET_PATTERNS,
): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const { label, regex, check } of patterns) {
    if (!regex.global || !regex.hasIndices)
      throw new Error(
        `The secret pattern for "${label}" needs the g and d flags (it has "${regex.flags}").`,
      );
    for (const match of text.matchAll(regex)) {
      const [start, end] = match.indices?.groups?.v ?? match.indices![0]!;
      if (check && !check(text.slice(start, end))) continue;
      spans.push({ start, end, label });
    }
  }
  return spans;
}
