import { chunkOdds, type ChunkModel } from "../rank/chunk-model.js";
import { chunkSignals } from "../rank/chunk-signals.js";
import type { CoChangeHistory } from "../history/co-change-history.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import type { CompressedChunk } from "./compress-chunk.js";
import {
  estimateTokens,
  orderByExpectedGold,
  type ExpectedGoldCandidate,
} from "./expected-gold.js";
import type { PackTuning } from "./packing-types.js";
import { preferredForms, structureOf, type Form } from "./place-chunk.js";

/** One chunk offered to packing's first pass, with the forms to try, best first. */
export interface Offer {
  /** The chunk's position in `LearnedOrder.candidates`. */
  rank: number;
  forms: Form[];
}

export interface LearnedOrder {
  /** The candidates, each once, in the order of their first offer. */
  candidates: RankedChunk[];
  /**
   * What the first pass places, in order. Without a model, each candidate
   * once, by the forms its score's share of the best allows
   * (`preferredForms`). With one, as `orderByExpectedGold` offers them: a
   * chunk whole (else named), or cut to its structure, and later whole once
   * the rest of its lines are worth their tokens. Whole, not by score: strength
   * by score let pass one skip the chunks the model put first but whose words
   * matched little, and fill the budget with what the model put after them
   * (the held-out part's first 3 rows per repository at 13k: 55.5 % of lines
   * against 59.2 % in rank order).
   */
  offers: Offer[];
}

/**
 * The ranked chunks in the order the chunk model expects the most of the
 * fix per token (`orderByExpectedGold`), whole or by their structure;
 * without a model, the ranking's order and forms by score share. With the
 * repository's history, the model also reads its files' recency and churn.
 *
 * @example
 * const { candidates, offers } = learnedOrder(ranked.slice(0, 600), CHUNK_MODEL, tuning);
 */
export function learnedOrder(
  ranked: readonly RankedChunk[],
  model: ChunkModel | null,
  o: Pick<
    PackTuning,
    "compressBelow" | "metadataBelow" | "compressAboveTokens"
  >,
  // Packing passes its own memo, so a structure cut here is not cut again
  // when it is placed.
  structure: (c: RankedChunk) => CompressedChunk | undefined = structureOf,
  // The repository's recent commits, for the model's file-history signals.
  history?: CoChangeHistory,
): LearnedOrder {
  const top = ranked[0]?.score ?? 0;
  if (!model || ranked.length === 0)
    return {
      candidates: [...ranked],
      offers: ranked.map((c, rank) => ({
        rank,
        forms: preferredForms(c, top > 0 ? c.score / top : 0, o),
      })),
    };
  const odds = chunkOdds(chunkSignals(ranked, history), model);
  const valued: ExpectedGoldCandidate[] = [];
  for (const [i, r] of ranked.entries()) {
    const tokens = estimateTokens(r.chunk.text);
    const candidate: ExpectedGoldCandidate = {
      file: r.chunk.fileId,
      share: top > 0 ? r.score / top : 0,
      tokens,
      odds: odds[i] as ExpectedGoldCandidate["odds"],
    };
    // Only a chunk long enough to cut has a structure (as `makePlaced`).
    const cut = tokens >= o.compressAboveTokens ? structure(r) : undefined;
    if (cut)
      candidate.structure = {
        tokens: estimateTokens(cut.text),
        kept: cut.keptLines / (r.chunk.endLine - r.chunk.startLine + 1),
      };
    valued.push(candidate);
  }
  const order = orderByExpectedGold(valued, model);
  const original = originals(ranked);
  // Candidates each once, by first offer; offers name them by that position.
  const position = new Map<number, number>();
  const candidates: RankedChunk[] = [];
  const offers = order.map(({ at: offered, form }): Offer => {
    const at = original[offered] as number;
    let rank = position.get(at);
    if (rank === undefined) {
      rank = candidates.push(ranked[at] as RankedChunk) - 1;
      position.set(at, rank);
    }
    return {
      rank,
      forms:
        form === "full" ? ["full", "metadata"] : ["compressed", "metadata"],
    };
  });
  return { candidates, offers };
}

/**
 * For each ranked chunk, the position of the best-ranked chunk with the same
 * text (itself when none ranks above it). Ranking puts the copy people edit
 * first (the smaller file's: a header before the single-header amalgamation
 * that repeats it), and packing shows a text once, naming its copies; the
 * model, reading file signals, may expect more of the amalgamation, so its
 * offer goes to the original, which then names the copy.
 *
 * @example
 * originals(ranked) // [0, 1, 1, 3]: the third chunk repeats the second's text
 */
function originals(ranked: readonly RankedChunk[]): number[] {
  const position = new Map(ranked.map((r, i) => [r.chunk.id, i]));
  return ranked.map((r, i) => {
    let best = i;
    for (const copy of r.copies ?? []) {
      const at = position.get(copy.chunkId);
      if (at !== undefined && at < best) best = at;
    }
    return best;
  });
}
