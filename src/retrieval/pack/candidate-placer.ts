import type { CompressedChunk } from "./compress-chunk.js";
import type { PackingState, Placed } from "./packing-state.js";
import type { PackTuning } from "./packing-types.js";
import { makePlaced, structureWhenLong, type Form } from "./place-chunk.js";
import type { RankedChunk } from "../rank/rank-chunks.js";

// Code seldom averages more characters per token than this; a chunk whose
// characters / 8 exceed the room left cannot fit and is not tokenized.
const OPTIMISTIC_CHARS_PER_TOKEN = 8;

export interface CandidatePlacerInput {
  /** The candidates, by their position (`LearnedOrder.candidates`). */
  candidates: readonly RankedChunk[];
  state: PackingState;
  /** What is placed, by candidate position; kept up to date by `tryPlace`. */
  placedByRank: Map<number, Placed>;
  o: PackTuning;
  count: (text: string) => number;
  structure: (c: RankedChunk) => CompressedChunk | undefined;
}

export interface CandidatePlacer {
  /**
   * Places (or replaces) candidate `rank` in `form` when the estimate stays
   * within `limit`; true when it did.
   */
  tryPlace: (rank: number, form: Form, limit: number) => boolean;
  /** Whether the candidate's text is already shown in another file (`PackedPiece.copies`). */
  copyShown: (rank: number) => boolean;
}

/**
 * Places candidates in a form within a limit, each form made and counted
 * once: packing's fill rounds try the same chunk in several forms, round
 * after round.
 *
 * @example
 * const { tryPlace } = candidatePlacer({ candidates, state, placedByRank, o, count, structure });
 * tryPlace(3, "full", 12_350) // true: placed whole
 */
export function candidatePlacer(input: CandidatePlacerInput): CandidatePlacer {
  const { candidates, state, placedByRank, o, count, structure } = input;
  const cache = new Map<string, Placed | null>();
  const rankOfChunk = new Map(candidates.map((c, rank) => [c.chunk.id, rank]));
  // A chunk whose text is already shown in another file is named there
  // (`PackedPiece.copies`), not shown again.
  const copyShown = (rank: number): boolean =>
    (candidates[rank]?.copies ?? []).some((copy) => {
      const other = rankOfChunk.get(copy.chunkId);
      const placed = other === undefined ? undefined : placedByRank.get(other);
      return placed !== undefined && placed.piece.form !== "metadata";
    });

  const make = (rank: number, form: Form): Placed | undefined => {
    const key = `${rank}:${form}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const made = makePlaced(
      candidates[rank] as RankedChunk,
      rank,
      form,
      count,
      o,
      structure,
    );
    cache.set(key, made ?? null);
    return made;
  };
  // The text a form would show, where it is known before counting: a chunk
  // whole, or its structure.
  const optimisticText = (rank: number, form: Form): string | undefined => {
    const c = candidates[rank] as RankedChunk;
    if (form === "full") return c.chunk.text;
    if (form !== "compressed") return undefined;
    return structureWhenLong(c, count, o, structure)?.text;
  };
  const tryPlace = (rank: number, form: Form, limit: number): boolean => {
    // Skip without tokenizing when even an optimistic count cannot fit: late
    // in a pass, hundreds of structures are tried with little room left.
    const shown = optimisticText(rank, form);
    if (
      shown !== undefined &&
      shown.length / OPTIMISTIC_CHARS_PER_TOKEN >
        limit - state.total + (placedByRank.get(rank)?.piece.tokens ?? 0)
    ) {
      return false;
    }
    // Before making the line: with the map on there is never room for one.
    if (form === "metadata" && state.metadata.length >= o.maxMetadataLines)
      return false;
    const next = make(rank, form);
    if (!next) return false;
    const current = placedByRank.get(rank);
    // A piece adds at least its own tokens: a cheap test before costing its section.
    if (!current && state.total + next.piece.tokens > limit) return false;
    if (current) state.remove(current);
    if (state.total + state.costOfAdding(next) <= limit) {
      state.add(next);
      placedByRank.set(rank, next);
      return true;
    }
    if (current) state.add(current);
    return false;
  };
  return { tryPlace, copyShown };
}
