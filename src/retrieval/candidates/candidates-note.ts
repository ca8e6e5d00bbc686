import type { Candidate, CandidateSource } from "./merge-candidates.js";

const SOURCE_WORDS: Record<CandidateSource, string> = {
  named: "named in the question",
  "code-search": "from code search",
  "path-search": "from path search",
};

/**
 * What candidates mode read and why, for the log and the model's note:
 * the host's reason it could not read the repository whole, then how many
 * files were read from each source.
 *
 * @example
 * candidatesNote("the tree lists 180 MB of text, over the 50 MB cap", read)
 * // "the tree lists 180 MB of text, over the 50 MB cap; read 38 files: 4 named in the question, 12 from code search, 22 from path search"
 */
export function candidatesNote(
  why: string,
  read: readonly Candidate[],
): string {
  const counts = (Object.keys(SOURCE_WORDS) as CandidateSource[]).map(
    (source) =>
      `${read.filter((c) => c.source === source).length} ${SOURCE_WORDS[source]}`,
  );
  const files = read.length === 1 ? "file" : "files";
  return `${why}; read ${read.length} ${files}: ${counts.join(", ")}`;
}
