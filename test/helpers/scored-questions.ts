// Scored questions for the tests of askcode eval's report: results in two
// languages at the budget 8000, one of them failed.
import type {
  GateRun,
  InstanceResult,
  SystemRun,
} from "../../src/eval/result-types.js";

/**
 * One system's context for one question: what it found of the gold, and the
 * tokens it used; without `filesWithBody`, a result written before the map
 * (every file found had a body).
 */
export const run = (
  filesFound: number,
  goldFiles: number,
  linesFound: number,
  goldLines: number,
  tokensUsed: number,
  filesWithBody?: number,
): SystemRun => ({
  score: {
    filesFound,
    goldFiles,
    linesFound,
    goldLines,
    found: [],
    ...(filesWithBody === undefined ? {} : { filesWithBody }),
  },
  tokensUsed,
  files: [],
  mismatches: 0,
});

/** A scored question in `language` at the budget 8000 (askcode's run, BM25's run). */
export function scoredQuestion(
  id: string,
  language: string,
  askcode: SystemRun,
  bm25: SystemRun,
  options: {
    error?: string;
    excluded?: string[];
    ms?: number;
    /** The gate's score and whether its shown places hit (absent: a run before the gate). */
    gate?: Pick<GateRun, "score" | "hit">;
  } = {},
): InstanceResult {
  const ms = options.ms ?? 1000;
  return {
    instanceId: id,
    repo: "o/r",
    language,
    baseCommit: "a".repeat(40),
    ...(options.error ? { error: options.error } : {}),
    filesRead: 10,
    skipped: {},
    baselineDocuments: 8,
    chunks: 40,
    gold: {
      files: Array.from({ length: askcode.score.goldFiles }, (_, i) => `f${i}`),
      lines: askcode.score.goldLines,
      blankLines: 0,
      outOfRange: 0,
      notIndexed: [],
      notBaselineDocuments: [],
      ...(options.excluded ? { excluded: options.excluded } : {}),
      codeFiles: [],
      codeLines: 0,
    },
    bm25Top20: [],
    goldInTop20: 0,
    budgets: [
      {
        budget: 8000,
        ...(options.gate
          ? { gate: { ...options.gate, signals: {}, places: [] } }
          : {}),
        systems: { askcode, bm25, bm25Stop: bm25 },
        askcodeMs: ms / 10,
        baselineMs: 1,
      },
    ],
    timings: {
      readMs: ms / 4,
      indexMs: ms / 2,
      baselineRankMs: ms / 5,
      totalMs: ms,
    },
    memory: { rssMb: 0, heapUsedMb: 0, heapPeakMb: 0, heapAfterGcMb: 0 },
  };
}

export const HISTORY = {
  scanned: 12,
  skipped: {
    bot: 1,
    "not-source": 6,
    "too-many-files": 1,
    "short-message": 0,
    "no-gold": 0,
  },
  maxFiles: 3,
  minWords: 16,
};

export const QUESTIONS = [
  scoredQuestion(
    "o/r@1",
    "rust",
    run(1, 2, 6, 10, 7900),
    run(0, 2, 0, 10, 7000),
    {
      ms: 2000,
      gate: { score: 0.95, hit: true },
    },
  ),
  scoredQuestion("o/r@2", "c", run(1, 1, 4, 4, 7800), run(1, 1, 4, 4, 6000), {
    excluded: ["vendor/x.c"],
    gate: { score: 0.35, hit: true },
  }),
  scoredQuestion(
    "o/r@3",
    "rust",
    // One of its two files found only by a signature line in the map.
    run(2, 2, 5, 5, 8000, 1),
    run(1, 2, 1, 5, 7500),
    {
      ms: 3000,
      gate: { score: 0.62, hit: false },
    },
  ),
  scoredQuestion("o/r@4", "rust", run(0, 1, 0, 1, 0), run(0, 1, 0, 1, 0), {
    error: "RefNotFoundError: no commit",
    gate: { score: 0.99, hit: true },
  }),
];
