import { analyzeQuery } from "../retrieval/query/query-analysis.js";

/** An earlier issue of the repository, as its search found it. */
export interface IssueCandidate {
  number: number;
  title: string;
  body: string;
  /** Files askcode's earlier answer in it cited, when one was kept (none: only its text names files). */
  cited?: readonly string[];
}

/** What a new question is matched with: its text and the files of its best places, best first. */
export interface SimilarityQuestion {
  text: string;
  /** Repository paths retrieval ranked best for it (none: only its text names files). */
  places: readonly string[];
}

/** A candidate with its similarity to the question. */
export interface ScoredIssue {
  candidate: IssueCandidate;
  /** In [0, 1]: the text's similarity and the places' agreement, each raising it (see `scoreSimilarIssues`). */
  score: number;
  /** Cosine of the two texts' weighted terms, in [0, 1]. */
  text: number;
  /** The question's files the candidate names or cited, best first. */
  shared: string[];
}

/**
 * What each of the question's best files the candidate also names or cited
 * adds to the agreement. Little: on the training set, two issues naming
 * the same file were related (their fixes shared a file) no more often than
 * two issues alike in text, and a tenth kept the links' precision where the
 * text alone has it (a fifth or more lowered it; docs/benchmark.md,
 * "Similar earlier issues").
 */
const SHARED_FILE_AGREEMENT = 0.1;
// The question's files that count: the first few retrieval ranked.
const TOP_PLACES = 5;

/**
 * How alike a new question and each earlier issue are, in [0, 1], best first:
 *
 * - text: the cosine of the two texts' terms as `analyzeQuery` weighs them
 *   (a name in backticks or a stack frame counts more than a word of the
 *   body), each term also weighted by its inverse document frequency over
 *   the question and the candidates, so a word every candidate has (the
 *   search asked for it) says little;
 * - places: the question's best files that the candidate's text names or
 *   its earlier answer cited, each adding `SHARED_FILE_AGREEMENT`.
 *
 * The two are joined as independent evidence, `1 - (1 - text)(1 - places)`:
 * either raises the score, neither alone is required.
 *
 * @example
 * scoreSimilarIssues({ text: "upload retries forever on 500", places: ["src/upload.py"] },
 *   [{ number: 12, title: "Upload never gives up", body: "src/upload.py retries forever" }])
 * // [{ candidate: { number: 12, … }, score: 0.61, text: 0.57, shared: ["src/upload.py"] }]
 */
export function scoreSimilarIssues(
  question: SimilarityQuestion,
  candidates: readonly IssueCandidate[],
): ScoredIssue[] {
  const asked = analyzeQuery(question.text);
  const documents = candidates.map((candidate) =>
    analyzeQuery(`${candidate.title}\n\n${candidate.body}`),
  );
  const idf = inverseFrequencies([asked, ...documents].map(termWeights));
  const askedVector = weighted(termWeights(asked), idf);
  const askedFiles = question.places.slice(0, TOP_PLACES);
  return candidates
    .map((candidate, i): ScoredIssue => {
      const text = cosine(
        askedVector,
        weighted(termWeights(documents[i]!), idf),
      );
      const theirs = [
        ...namedFiles(documents[i]!.paths),
        ...(candidate.cited ?? []),
      ];
      const shared = askedFiles.filter((file) =>
        theirs.some((other) => sameFile(file, other)),
      );
      const places = Math.min(1, shared.length * SHARED_FILE_AGREEMENT);
      return { candidate, score: 1 - (1 - text) * (1 - places), text, shared };
    })
    .sort(
      (a, b) => b.score - a.score || b.candidate.number - a.candidate.number,
    );
}

type Analysis = ReturnType<typeof analyzeQuery>;

function termWeights(analysis: Analysis): Map<string, number> {
  return new Map(analysis.terms.map((t) => [t.term, t.weight]));
}

// ln(1 + N / df): never zero, so a term every document has still counts a little.
function inverseFrequencies(
  documents: readonly Map<string, number>[],
): Map<string, number> {
  const df = new Map<string, number>();
  for (const document of documents)
    for (const term of document.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [term, n] of df) idf.set(term, Math.log(1 + documents.length / n));
  return idf;
}

function weighted(
  weights: Map<string, number>,
  idf: Map<string, number>,
): Map<string, number> {
  return new Map(
    [...weights].map(([term, w]) => [term, w * (idf.get(term) ?? 0)]),
  );
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [term, w] of a) dot += w * (b.get(term) ?? 0);
  const norm = (v: Map<string, number>) =>
    Math.sqrt([...v.values()].reduce((sum, w) => sum + w * w, 0));
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : Math.min(1, dot / denominator);
}

// Files written out or in a stack frame; a module's name (dotted, or a Rust
// path) could be a package.
function namedFiles(paths: Analysis["paths"]): string[] {
  return paths
    .filter((m) => m.source === "path" || m.source === "stackFrame")
    .map((mention) => mention.path.replace(/^\.?\//, ""));
}

/** The same file, one written whole and the other by its tail ("fitsrec.py" of "astropy/io/fits/fitsrec.py"). */
function sameFile(a: string, b: string): boolean {
  return a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);
}
