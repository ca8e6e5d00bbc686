/**
 * One thing wrong in `.github/askcode.yml`, and what askcode did about it.
 * A problem never stops askcode: the rest of the file still applies.
 */
export interface ConfigProblem {
  /** The key, dotted: `budgets.context`; `""` for the file as a whole. */
  key: string;
  /** What is wrong, as a clause that follows the key: "is more than 1000000". */
  message: string;
  /** What the key allows: "a whole number of tokens from 1000 to 1000000". */
  allowed?: string;
  /** The value found in the file (absent for a key that is missing). */
  received?: unknown;
  /**
   * What askcode did instead: used the key's default, ignored the key (an
   * unknown key), used another value (`used`), such as a budget cut to fit,
   * or kept the value as written (a setting at odds with another, which the
   * report says how to reconcile).
   */
  outcome: "used-default" | "ignored" | "adjusted" | "kept";
  /** The value askcode used; absent when it ignored the key or the default is "unset". */
  used?: unknown;
  /** A known key or name close to the one written, for "did you mean". */
  suggestion?: string;
}

export function isPlainObject(
  value: unknown,
): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
