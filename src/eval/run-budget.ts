import type { ChunkModel } from "../retrieval/rank/chunk-model.js";
import type { RepositoryIndex } from "../retrieval/index/index-repository.js";
import type { EvidenceWeights } from "../retrieval/rank/evidence-weights.js";
import type { QueryOptions } from "../retrieval/query/query-analysis.js";
import type { retrieveContext } from "../retrieval/retrieve-context.js";
import type { SourceFile } from "../retrieval/types.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { CoChangeHistory } from "../retrieval/history/co-change-history.js";
import { repackRanking } from "./repack-ranking.js";
import type {
  PackedContext,
  PackOptions,
} from "../retrieval/pack/packing-types.js";
import {
  packWholeFiles,
  type WholeFileFill,
} from "./baseline/pack-whole-files.js";
import {
  answerConfidence,
  type ConfidenceEvidence,
} from "../retrieval/confidence/answer-confidence.js";
import {
  ANSWER_PLACES,
  selectPlaces,
} from "../retrieval/rank/select-places.js";
import type { BudgetRun, GateRun, SystemRun } from "./result-types.js";
import {
  checkAgainstPieces,
  shownLines,
  type ShownLines,
} from "./shown-lines.js";

/**
 * Another packing of the same ranking, scored as askcode's own: ranking is
 * the slow part, so packing knobs are compared on one ranking per question.
 */
export interface PackVariant {
  /** Names the variant's scores (`BudgetRun.variants`). */
  name: string;
  /** Over the run's own packing options (`mapShare`, `chunkModel`). */
  pack: PackOptions;
}

/** What every budget of one instance runs on: read, indexed and ranked once. */
export interface BudgetRunInput {
  files: SourceFile[];
  index: RepositoryIndex;
  question: string;
  tokenCounter: TokenCounter;
  /** Every text read, by path (the baseline packs whole files from it). */
  texts: ReadonlyMap<string, string>;
  linesOf: (path: string) => string[] | undefined;
  /** Scores a context on the gold (`goldScorer`). */
  scores: (shown: ShownLines) => Pick<SystemRun, "score" | "codeScore">;
  /** The files the fix changed: the gate is right when a shown place is in one. */
  goldFiles: readonly string[];
  /** The baseline's ranking (`rankBaseline`). */
  top: readonly string[];
  mapShare?: number;
  /** Packing's chunk model (`PackOptions.chunkModel`; none: the packer's default). */
  chunkModel?: ChunkModel;
  weights?: EvidenceWeights;
  /** Packings of the same ranking to score beside askcode's (`BudgetRun.variants`). */
  variants?: readonly PackVariant[];
  /** How the question is analysed (none: retrieval's default). */
  query?: QueryOptions;
  /** The history before the question (`readGitHistory`), for packing's co-change tier. */
  history?: CoChangeHistory;
  retrieveContext: typeof retrieveContext;
  now: () => number;
  /** Called after each synchronous step, so the heap's high-water mark is seen. */
  sample: () => void;
}

/**
 * One budget, both systems: askcode's retrieval and packing on the prebuilt
 * index, and the baseline's whole-file packing under both fill rules, each
 * context read back into the lines it shows and scored.
 *
 * @example
 * result.budgets.push(runBudget(13_000, { files, index, question, tokenCounter, texts, linesOf, scores, top, retrieveContext, now, sample }));
 */
export function runBudget(budget: number, input: BudgetRunInput): BudgetRun {
  const { now, sample } = input;
  let t = now();
  const pack: PackOptions = {
    ...(input.mapShare !== undefined ? { mapShare: input.mapShare } : {}),
    ...(input.chunkModel ? { chunkModel: input.chunkModel } : {}),
  };
  const retrieved = input.retrieveContext({
    files: input.files,
    index: input.index,
    question: input.question,
    budget,
    tokenCounter: input.tokenCounter,
    ...(input.history ? { history: input.history } : {}),
    options: {
      pack,
      ...(input.weights ? { rank: { weights: input.weights } } : {}),
      ...(input.query ? { query: input.query } : {}),
    },
  });
  const { context, query, ranked, index } = retrieved;
  const askcodeMs = now() - t;
  sample();
  const askcode = askcodeRun(context, input);
  let variants: Record<string, SystemRun> | undefined;
  for (const variant of input.variants ?? []) {
    const packed = repackRanking(
      retrieved,
      budget,
      input.tokenCounter,
      { ...pack, ...variant.pack },
      input.history,
    );
    (variants ??= {})[variant.name] = askcodeRun(packed, input);
    sample();
  }
  t = now();
  const bm25Run = baselineRun(input, budget, "skip");
  const baselineMs = now() - t;
  return {
    budget,
    gate: gateRun(
      {
        query,
        ranked,
        repository: {
          files: index.files.length,
          chunks: index.chunks.length,
          chunksMatched: context.chunksAvailable,
        },
      },
      input.goldFiles,
    ),
    systems: {
      askcode,
      bm25: bm25Run,
      bm25Stop: baselineRun(input, budget, "stop"),
    },
    askcodeMs,
    baselineMs,
    ...(variants ? { variants } : {}),
  };
}

/** askcode's context read back into the lines it shows, and scored. */
function askcodeRun(context: PackedContext, input: BudgetRunInput): SystemRun {
  const shown = shownLines(context.text, input.linesOf);
  return {
    ...input.scores(shown),
    tokensUsed: context.tokensUsed,
    files: [...shown.byPath].map(([path, lines]) => [path, lines.size]),
    mismatches: shown.mismatches,
    mode: context.mode,
    pieceCheck: checkAgainstPieces(shown, context.pieces),
  };
}

function gateRun(
  evidence: ConfidenceEvidence,
  goldFiles: readonly string[],
): GateRun {
  const { score, signals } = answerConfidence(evidence);
  const places = selectPlaces(evidence.ranked, ANSWER_PLACES).map(
    (p) => p.chunk.path,
  );
  const gold = new Set(goldFiles);
  return { score, signals, places, hit: places.some((p) => gold.has(p)) };
}

function baselineRun(
  input: BudgetRunInput,
  budget: number,
  fill: WholeFileFill,
): SystemRun {
  const packed = packWholeFiles({
    ranked: input.top,
    text: (p) => input.texts.get(p),
    budget,
    tokenCounter: input.tokenCounter,
    fill,
  });
  const shown = shownLines(packed.text, input.linesOf);
  return {
    ...input.scores(shown),
    tokensUsed: packed.tokensUsed,
    files: [...shown.byPath].map(([path, lines]) => [path, lines.size]),
    mismatches: shown.mismatches,
  };
}
