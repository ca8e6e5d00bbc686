// Which files past commits changed together with the files askcode shows:
// the classic co-change signal of fault localisation, for fix files that no
// term of the question matches (a regenerated schema, a change-log entry, a
// sibling module edited with the one the issue names).

export interface CoChanged {
  file: string;
  /** Commits that changed this file with any seed (a commit with two seeds counts twice). */
  support: number;
  /** Sum over the seeds of support(seed, file) / commits that changed the seed. */
  confidence: number;
  /** The seed it changed with most often (first in seed order on a tie), and in how many commits: what a reader is told. */
  seed: { file: string; commits: number };
}

export interface RankCoChangedInput {
  /** Each commit's files, as `parseNameOnlyLog` returns them. */
  commits: readonly (readonly string[])[];
  /** The files the co-change is measured from (askcode's first shown files). */
  seeds: readonly string[];
  /** Files not to propose (those already shown with a body). */
  exclude: ReadonlySet<string>;
  /** Files that exist at the question's commit; a file deleted since is no answer. */
  exists: (file: string) => boolean;
}

/**
 * Files that changed with the seeds, most often first (ties: higher
 * confidence, then path). Support ranks rather than confidence because, on
 * the training part, a seed changed twice made every file of its two commits
 * look certain; support kept the files a seed keeps coming back to.
 *
 * @example
 * rankCoChanged({ commits: [["a", "b"], ["a", "b", "c"]], seeds: ["a"], exclude: new Set(), exists: () => true })
 * // [{ file: "b", support: 2, confidence: 1, seed: { file: "a", commits: 2 } }, { file: "c", support: 1, confidence: 0.5, seed: { file: "a", commits: 1 } }]
 */
export function rankCoChanged(input: RankCoChangedInput): CoChanged[] {
  const seeds = new Set(input.seeds);
  const seedCommits = new Map<string, number>();
  const pairs = new Map<string, Map<string, number>>();
  for (const files of input.commits) {
    const touched = new Set(files);
    for (const seed of seeds) {
      if (!touched.has(seed)) continue;
      seedCommits.set(seed, (seedCommits.get(seed) ?? 0) + 1);
      const withSeed = pairs.get(seed) ?? new Map<string, number>();
      for (const file of touched)
        if (!seeds.has(file)) withSeed.set(file, (withSeed.get(file) ?? 0) + 1);
      pairs.set(seed, withSeed);
    }
  }
  const byFile = new Map<string, CoChanged>();
  for (const seed of seeds) {
    const withSeed = pairs.get(seed);
    if (!withSeed) continue;
    const changed = seedCommits.get(seed) ?? 1;
    for (const [file, count] of withSeed) {
      if (input.exclude.has(file) || !input.exists(file)) continue;
      const entry = byFile.get(file) ?? {
        file,
        support: 0,
        confidence: 0,
        seed: { file: seed, commits: count },
      };
      entry.support += count;
      entry.confidence += count / changed;
      if (count > entry.seed.commits)
        entry.seed = { file: seed, commits: count };
      byFile.set(file, entry);
    }
  }
  return [...byFile.values()].sort(
    (a, b) =>
      b.support - a.support ||
      b.confidence - a.confidence ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
  );
}
