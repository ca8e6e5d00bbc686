import { createHash } from "node:crypto";

/**
 * The training set cut in two by repository: no repository has rows on both
 * sides, so a ranker fitted on `training` is measured on code it never saw.
 */
export interface RepositorySplit {
  "held-out": string[];
  training: string[];
}

/** What the split reads of a row: its repository and its language. */
export interface SplitRow {
  repo: string;
  language?: string | undefined;
}

/** The share of each language's rows held out by default: about a quarter. */
export const HELD_OUT_SHARE = 0.25;

/**
 * Splits rows by repository, language by language. Each language's
 * repositories are ordered by the SHA-256 of their name (so the order is
 * fixed, yet unrelated to size, age or the alphabet) and taken into the
 * held-out part in that order whenever one brings the held-out rows nearer
 * `share` of the language's rows, always leaving at least one repository for
 * training and, with two or more, holding out at least one. A language with one
 * repository keeps it for training: held out, its language would have nothing
 * to learn from. Rows without a language are SWE-bench's, Python.
 *
 * Throws when a repository appears under two languages: the split is per
 * language, and such a repository would land on both sides.
 *
 * @example
 * splitByRepository([{ repo: "a/x", language: "go" }, { repo: "b/y", language: "go" }])
 * // { "held-out": ["b/y"], training: ["a/x"] } (which one depends on the hashes)
 */
export function splitByRepository(
  rows: Iterable<SplitRow>,
  share = HELD_OUT_SHARE,
): RepositorySplit {
  if (!(share > 0 && share < 1))
    throw new TypeError(
      `share must be a number between 0 and 1 (exclusive), got ${share}`,
    );
  const languageOf = new Map<string, string>();
  const rowsOf = new Map<string, number>();
  for (const { repo, language = "python" } of rows) {
    const seen = languageOf.get(repo);
    if (seen !== undefined && seen !== language)
      throw new Error(
        `${repo} has rows in two languages (${seen} and ${language}); the split needs one language per repository.`,
      );
    languageOf.set(repo, language);
    rowsOf.set(repo, (rowsOf.get(repo) ?? 0) + 1);
  }
  const byLanguage = new Map<string, string[]>();
  for (const [repo, language] of languageOf)
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), repo]);

  const heldOut: string[] = [];
  const training: string[] = [];
  for (const repos of byLanguage.values()) {
    const ordered = repos
      .map((repo) => ({ repo, key: hashOf(repo) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ repo }) => repo);
    const total = ordered.reduce((n, repo) => n + (rowsOf.get(repo) ?? 0), 0);
    const target = share * total;
    let held = 0;
    const taken = ordered.filter((repo, i) => {
      const n = rowsOf.get(repo) ?? 0;
      // Taken when it brings the held-out rows nearer the target, so one
      // large repository early in the order does not overshoot it.
      const nearer = Math.abs(held + n - target) < Math.abs(held - target);
      const leavesTraining = i < ordered.length - 1;
      if (!nearer || !leavesTraining) return false;
      held += n;
      return true;
    });
    // Two repositories or more: one at least is held out, whatever its size.
    if (taken.length === 0 && ordered.length > 1) taken.push(ordered[0]!);
    for (const repo of ordered)
      (taken.includes(repo) ? heldOut : training).push(repo);
  }
  return { "held-out": heldOut.sort(byName), training: training.sort(byName) };
}

function hashOf(repo: string): string {
  return createHash("sha256").update(repo, "utf8").digest("hex");
}

// Case-insensitive, as GitHub compares names, then exact, so the order is total.
function byName(a: string, b: string): number {
  return (
    a.toLowerCase().localeCompare(b.toLowerCase(), "en") ||
    (a < b ? -1 : a > b ? 1 : 0)
  );
}
