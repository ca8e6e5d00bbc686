/** Where a secret sits in a text, and what the marker that replaces it says. */
export interface SecretSpan {
  /** Index of the secret's first character. */
  start: number;
  /** Index just past its last character. */
  end: number;
  /** What was removed: `[redacted GitHub token]`. */
  label: string;
}
