/** Where a secret sits in a text, and what the marker that replaces it says. */
export interface SecretSpan {
  /** Index of the secret's first character. */
  start: number;
  /** Index just past its last character. */
  end: number;
  /** What was removed: `GitHub token` (`REDACTED_GITHUB_TOKEN`). */
  label: string;
}
