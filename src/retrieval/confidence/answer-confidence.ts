import type { QueryAnalysis } from "../query/query-analysis.js";
import type { RankedChunk } from "../rank/rank-chunks.js";

/** How likely the best places retrieval found hold what the question is about. */
export interface AnswerConfidence {
  /** 0 (no evidence) to 1 (the best places stand far above the rest); compared with a repository's threshold. */
  score: number;
  /** The signals the score is made of, each in [0, 1], for logs and the calibration report. */
  signals: Record<string, number>;
}

/** What the gate reads: retrieval's own evidence, never a model's self-report. */
export interface ConfidenceEvidence {
  query: QueryAnalysis;
  /** Best first, as ranking returns them. */
  ranked: readonly RankedChunk[];
}

/**
 * The score at or above which askcode answers a question nobody asked it
 * (a repository may move it). Provisional until the gate is calibrated on
 * the training set's training part (docs/benchmark.md will give its curve).
 */
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.6;

// How many files after the best one make up "the rest" it must stand above.
const RUNNERS_UP = 4;

/**
 * Scores how far the best file stands above the files after it: a question
 * whose words point everywhere ranks many files alike, one that names its
 * place ranks one far ahead.
 *
 * @example
 * answerConfidence({ query, ranked }).score // 0.62
 */
export function answerConfidence(
  evidence: ConfidenceEvidence,
): AnswerConfidence {
  const fileScores = bestScorePerFile(evidence.ranked);
  const [best = 0, ...rest] = fileScores;
  if (best <= 0) return { score: 0, signals: { margin: 0 } };
  const runnersUp = rest.slice(0, RUNNERS_UP);
  const meanRest =
    runnersUp.length === 0
      ? 0
      : runnersUp.reduce((sum, s) => sum + s, 0) / runnersUp.length;
  const margin = 1 - meanRest / best;
  return { score: margin, signals: { margin } };
}

// Each file's best chunk score, best file first.
function bestScorePerFile(ranked: readonly RankedChunk[]): number[] {
  const best = new Map<string, number>();
  for (const { chunk, score } of ranked) {
    best.set(chunk.path, Math.max(best.get(chunk.path) ?? 0, score));
  }
  return [...best.values()].sort((a, b) => b - a);
}
