import { packRankedChunks } from "./pack-ranked-chunks.js";
import { packWholeRepository } from "./pack-whole-repository.js";
import type { PackedContext, PackInput } from "./packing-types.js";
import { runToEnd, type Steps } from "../../shared/time-slices.js";

/**
 * Packs retrieval results into a token budget, cheapest strategy first: the
 * whole repository when it fits, otherwise ranked chunks with compression
 * (see docs/architecture/retrieval.md, 'Packing strategies, cheapest first').
 * The result reports what it did ('The packing report'), and its text never
 * has more tokens than the budget, counted with the real tokenizer.
 *
 * @example
 * const packed = packContext({ ranked, chunksAvailable, files, lineCount, budget: 13_000, tokenCounter });
 * packed.mode       // "ranked-chunks"
 * packed.tokensUsed // 12_940
 * packed.note       // "Ranked chunks: showing 31 of 9,112 matching chunks from 14 files, … Read any of them with read_file_contents(…)"
 */
export function packContext(input: PackInput): PackedContext {
  return runToEnd(packContextSteps(input));
}

/**
 * `packContext` in steps that pause between placements and counts (see
 * `Steps`), for a server to run in time slices.
 *
 * @example
 * const packed = await eventLoopSlices.run(packContextSteps({ ranked, chunksAvailable, files, lineCount, budget: 13_000, tokenCounter }));
 */
export function* packContextSteps(input: PackInput): Steps<PackedContext> {
  const packed = yield* choosePacking(input);
  const partial = input.options?.partialView;
  // The model must not take a few searched files for the repository.
  return partial
    ? {
        ...packed,
        note: `Only part of the repository was read (${partial}); other files exist, and the tools can search and read them. ${packed.note}`,
      }
    : packed;
}

function* choosePacking(input: PackInput): Steps<PackedContext> {
  if (input.budget <= 0)
    return yield* packRankedChunks({ ...input, ranked: [] });
  if (input.options?.wholeRepository !== false) {
    const whole = yield* packWholeRepository(input);
    if (whole) return whole;
  }
  return yield* packRankedChunks(input);
}
