/** Where a candidate file came from, for the note. */
export type CandidateSource = "named" | "code-search" | "path-search";

export interface Candidate {
  path: string;
  source: CandidateSource;
}

export interface CandidateSources {
  /** Files the question names (`namedFiles`), strongest first. */
  named: readonly string[];
  /** Code search's hits, best first. */
  codeSearch: readonly string[];
  /** Path search's hits over the tree listing (`searchTreePaths`), best first. */
  pathSearch: readonly string[];
}

export interface CandidateLimits {
  /** At most this many files (each is a request on GitHub). */
  maxFiles: number;
  /** At most this many bytes in all, by the tree listing's sizes. */
  maxBytes: number;
}

/**
 * One ranked list of the files to read for a question too large to read
 * whole. Every file the question names comes first: it is the strongest
 * evidence there is. Then code search and path search take turns, one file
 * each, so neither crowds the other out: code search finds the files that
 * hold the question's words, path search the files whose names do, and which
 * of the two knows better differs from question to question. A file is kept
 * once, under its first source. A file whose size (`sizeOf`; unknown counts as
 * `unknownSize`) would pass the byte budget is passed over for later, smaller
 * ones; the list stops at `maxFiles`.
 *
 * @example
 * mergeCandidates({ named: ["a.py"], codeSearch: ["b.py", "a.py"], pathSearch: ["c.py"] }, () => 100, { maxFiles: 40, maxBytes: 1e6 })
 * // [{ path: "a.py", source: "named" }, { path: "b.py", source: "code-search" }, { path: "c.py", source: "path-search" }]
 */
export function mergeCandidates(
  sources: CandidateSources,
  sizeOf: (path: string) => number | undefined,
  limits: CandidateLimits,
  unknownSize = 0,
): Candidate[] {
  const ordered: Candidate[] = sources.named.map((path) => ({
    path,
    source: "named",
  }));
  const turns = Math.max(sources.codeSearch.length, sources.pathSearch.length);
  for (let i = 0; i < turns; i++) {
    const code = sources.codeSearch[i];
    if (code !== undefined) ordered.push({ path: code, source: "code-search" });
    const path = sources.pathSearch[i];
    if (path !== undefined) ordered.push({ path, source: "path-search" });
  }
  const chosen: Candidate[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  for (const candidate of ordered) {
    if (chosen.length >= limits.maxFiles) break;
    if (seen.has(candidate.path)) continue;
    seen.add(candidate.path);
    const size = sizeOf(candidate.path) ?? unknownSize;
    if (bytes + size > limits.maxBytes) continue;
    bytes += size;
    chosen.push(candidate);
  }
  return chosen;
}
