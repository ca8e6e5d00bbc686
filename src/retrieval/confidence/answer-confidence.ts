import type { QueryAnalysis } from "../query/query-analysis.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import { ANSWER_PLACES, selectPlaces } from "../rank/select-places.js";
import {
  confidenceSignals,
  type RankedRepository,
} from "./confidence-signals.js";
import { FITTED_GATE } from "./fitted-gate.js";
import { gateScore, type LogisticGate, type TreeGate } from "./gate-model.js";

/** How likely the best places retrieval found hold what the question is about. */
export interface AnswerConfidence {
  /** 0 (no evidence) to 1: the fitted chance that the shown places hold the answer; compared with a repository's threshold. */
  score: number;
  /** The signals the score is made of, each in [0, 1], for logs and the calibration report (`CONFIDENCE_SIGNALS`). */
  signals: Record<string, number>;
}

/** What the gate reads: retrieval's own evidence, never a model's self-report. */
export interface ConfidenceEvidence {
  query: QueryAnalysis;
  /** Best first, as ranking returns them. */
  ranked: readonly RankedChunk[];
  /**
   * How much was ranked: `{ files: built.index.files.length, chunks:
   * built.index.chunks.length, chunksMatched: built.context.chunksAvailable }`.
   * The model is fitted with it; without it the score errs toward silence.
   */
  repository?: RankedRepository;
}

/**
 * The score at or above which askcode answers a question nobody asked it
 * (a repository may move it): chosen on the training set's training part
 * as the lowest threshold whose precision there reaches the target
 * `fit:gate` was given (`fitted-gate.ts` says which and what it gave;
 * docs/benchmark.md gives the curve on every set).
 */
export const DEFAULT_CONFIDENCE_THRESHOLD = FITTED_GATE.threshold;

/**
 * Scores how likely the places an answer would show hold what the question
 * is about, from what ranking found: how far the best file stands above the
 * rest, how many of the question's names and paths resolve, and what kind
 * of evidence put the best chunk first (`confidenceSignals`), combined by a
 * model fitted on real issues and their fixes (`FITTED_GATE`). A
 * ranking with nothing in it scores 0.
 *
 * @example
 * answerConfidence({ query, ranked }).score // 0.93
 */
export function answerConfidence(
  evidence: ConfidenceEvidence,
  model: LogisticGate | TreeGate = FITTED_GATE,
): AnswerConfidence {
  const { query, ranked, repository } = evidence;
  const places = selectPlaces(ranked, ANSWER_PLACES);
  const signals = confidenceSignals({
    query,
    ranked,
    places,
    ...(repository ? { repository } : {}),
  });
  if (ranked.length === 0) return { score: 0, signals };
  return { score: gateScore(model, signals), signals };
}
