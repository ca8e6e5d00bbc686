/**
 * How much each kind of evidence counts, in points per point of its own
 * measure, beside BM25 over the chunk's own text (which counts 1: the unit).
 * These are the weights `npm run fit:weights` fits on a corpus of real
 * questions and their fixes (bench/weights/); the fitted values ship in
 * fitted-weights.ts, and a caller may pass others (`RankOptions.weights`) to
 * try them.
 */
export interface EvidenceWeights {
  /**
   * Share of the file's own BM25 score (the file as one document) added to
   * each of its chunks: a chunk that matches a little in a file that matches a
   * lot beats the same chunk in a file that matches nothing else.
   */
  file: number;
  /** Query terms in a file's path, per point of weight × path IDF, added to each of its chunks. */
  path: number;
  /** A chunk that declares a queried symbol, per point of the symbol's saturated BM25 weight. */
  definition: number;
  /** A file named by a path, frame or module, per point of mention weight × ln(1 + files / files matched). */
  place: number;
  /** The chunk holding a stack frame's line, per point of the same measure as `place`. */
  stackFrame: number;
  /** A literal phrase from the question (an error message) found verbatim in a chunk. */
  phrase: number;
  /** Counterparts by path of a top file (header ↔ source, parent and submodules): share of that file's best score. */
  counterpart: number;
  /** A chunk declaring a name a top chunk uses: share of that chunk's score (one hop out). */
  defines: number;
  /** A chunk using a name a top chunk declares: share of that chunk's score (one hop in). */
  caller: number;
}

/** The evidence kinds a fit may weigh, in the order the fitting script reports them. */
export const EVIDENCE_KINDS = [
  "file",
  "path",
  "definition",
  "place",
  "stackFrame",
  "phrase",
  "counterpart",
  "defines",
  "caller",
] as const satisfies readonly (keyof EvidenceWeights)[];
