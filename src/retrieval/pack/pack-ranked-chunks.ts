import type {
  CoChangeTuning,
  PackedContext,
  PackInput,
  PackTuning,
} from "./packing-types.js";
import { mapLines, mapParts, type MapLine } from "./pack-map.js";
import { packingReport } from "./packing-report.js";
import {
  PackingState,
  SECTION_SEPARATOR,
  type Placed,
} from "./packing-state.js";
import {
  makePlaced,
  structureOf,
  structureWhenLong,
  type Form,
} from "./place-chunk.js";
import type { CompressedChunk } from "./compress-chunk.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import type { Steps } from "../../shared/time-slices.js";
import {
  countJoined,
  joinedText,
  type JoinedPart,
} from "../../tokens/count-joined.js";
import { countEachTextOnce } from "../../tokens/count-each-text-once.js";
import { learnedOrder } from "./learned-order.js";
import { CHUNK_MODEL } from "../rank/chunk-model-weights.js";
import { coChangeTier } from "./pack-co-changed.js";

/**
 * The co-change tier's default, chosen on the training part's first 4 rows
 * per repository (docs/benchmark.md, "Co-change"): a change log proposed
 * first, sharing at least 10 commits with the first five files shown, gets
 * its newest entries, up to 30 lines in up to 300 tokens. Code, docs and
 * data proposed first added 0.1 points of body recall and lost 0.1 of
 * lines there, so they do not pass.
 */
export const DEFAULT_CO_CHANGE: CoChangeTuning = {
  seeds: 5,
  minSupport: 10,
  kinds: ["changelog"],
  maxTokens: 300,
  maxLines: 30,
};

const DEFAULTS: PackTuning = {
  metadataBelow: 0.1,
  compressBelow: 0.25,
  compressAboveTokens: 150,
  maxMetadataLines: 25,
  mapShare: 0.05,
  maxMapTokens: 1000,
  maxCandidates: 600,
  // On: over the whole held-out part and both dev sets it shows more of the
  // fix's files and lines than rank order (docs/benchmark.md, "The chunk model").
  chunkModel: CHUNK_MODEL,
  coChange: DEFAULT_CO_CHANGE,
  wholeRepository: true,
};
// Fill rounds: after each, the real count shows how much the estimate overshot,
// and the next round spends that slack.
const MAX_ROUNDS = 3;
// Stop refilling when less than this is left: no chunk is that small.
const MIN_SLACK = 24;
// Code seldom averages more characters per token than this; a chunk whose
// characters / 8 exceed the room left cannot fit and is not tokenized.
const OPTIMISTIC_CHARS_PER_TOKEN = 8;

/**
 * Packs ranked chunks into the budget, compressing what does not fit whole
 * (see docs/architecture/retrieval.md, 'Packing strategies, cheapest first'
 * and 'Compression thresholds'):
 *
 * 1. In rank order, each chunk goes in by the first form that fits: strong
 *    chunks whole, else cut to their structure, else as a metadata line; long
 *    middling chunks cut first; weak chunks as metadata lines only. With the
 *    chunk model, as it offers them (`learnedOrder`: the most expected gold
 *    per token first): whole, or cut to its structure where that shows more
 *    of the fix per token, and later whole.
 * 2. With room left, chunks not shown whole are upgraded, best first.
 * 3. The text is rendered and counted with the real tokenizer; while it is over
 *    budget the lowest-ranked piece goes. The slack the estimate left funds
 *    another round of 1 and 2.
 *
 * Pieces of one file are shown in line order under one header, adjacent ones
 * merged; files are ordered by their best piece. In steps that pause after
 * each candidate's placement and each count of the text (see `Steps`):
 * counting with the real tokenizer is what takes long.
 *
 * @example
 * const packed = runToEnd(packRankedChunks({ ranked, chunksAvailable, files, lineCount, budget: 13_000, tokenCounter }));
 * packed.tokensUsed <= 13_000 // always
 */
export function* packRankedChunks(input: PackInput): Steps<PackedContext> {
  const given = { ...DEFAULTS, ...input.options };
  // The map supersedes the metadata list: both name what is not shown.
  const o = given.mapShare > 0 ? { ...given, maxMetadataLines: 0 } : given;
  // Each text counted once: a chunk is weighed in several forms, and a
  // file's section costed again each time a piece joins it.
  const counter = countEachTextOnce(input.tokenCounter);
  // The code's share of the budget; the map gets the rest, and what the code
  // leaves unused.
  const budget =
    input.budget -
    Math.min(Math.floor(input.budget * o.mapShare), o.maxMapTokens);
  // Each chunk cut to its structure once: the chunk model's order estimates
  // long chunks' structures, and placing one shows the same text.
  const structures = new Map<RankedChunk, CompressedChunk | undefined>();
  const structure = (c: RankedChunk): CompressedChunk | undefined => {
    if (structures.has(c)) return structures.get(c);
    const cut = structureOf(c);
    structures.set(c, cut);
    return cut;
  };
  const { candidates, offers } = learnedOrder(
    input.ranked.slice(0, o.maxCandidates),
    o.chunkModel,
    o,
    structure,
    input.history,
  );
  const state = new PackingState(counter, input.lineCount);
  const count = counter.count.bind(counter);
  const placedByRank = new Map<number, Placed>();
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

  // The text placed, counted exactly from its pieces' counts (`countJoined`).
  let parts: JoinedPart[] = [];
  const rendered = () => {
    parts = state.renderParts();
    return { text: joinedText(parts), tokensUsed: countJoined(count, parts) };
  };
  let limit = budget;
  let text = "";
  let tokensUsed = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = placedByRank.size;
    for (const { rank, forms } of offers) {
      const current = placedByRank.get(rank);
      if (current?.piece.form === "full" || copyShown(rank)) continue;
      // A chunk placed already is offered again only whole: the chunk
      // model's offer of the rest of what its structure showed.
      const tries = current ? forms.filter((f) => f === "full") : forms;
      for (const form of tries) {
        if (tryPlace(rank, form, limit)) break;
      }
      yield;
    }
    let upgraded = false;
    for (const rank of candidates.keys()) {
      const current = placedByRank.get(rank);
      if (current?.piece.form === "full" || copyShown(rank)) continue;
      if (
        current?.piece.form === "metadata" &&
        tryPlace(rank, "compressed", limit)
      )
        upgraded = true;
      if (tryPlace(rank, "full", limit)) upgraded = true;
      // A chunk left out whole is shown by its structure where that fits:
      // its signature and exits name the code and show some of it, where
      // dropping it showed none (with the map on, no metadata line either).
      else if (!current && tryPlace(rank, "compressed", limit)) upgraded = true;
      yield;
    }

    ({ text, tokensUsed } = rendered());
    yield;
    // The budget is never exceeded: drop the lowest-ranked piece until the real count fits.
    while (tokensUsed > budget) {
      const last = state.placed().pop();
      if (!last) break;
      state.remove(last);
      placedByRank.delete(last.rank);
      ({ text, tokensUsed } = rendered());
      yield;
    }
    const slack = budget - tokensUsed;
    if (
      slack < MIN_SLACK ||
      (placedByRank.size === before && !upgraded && round > 0)
    )
      break;
    // The estimate overshoots the real count; let the next round spend the difference.
    limit = state.total + slack;
  }
  const tier = yield* coChangeTier({
    input,
    tuning: o.coChange,
    ranked: input.ranked.slice(0, o.maxCandidates),
    state,
    rank: candidates.length,
    budget,
    shown: { text, tokensUsed },
    render: rendered,
    removed: (p) => placedByRank.delete(p.rank),
    count,
  });
  ({ text, tokensUsed } = tier);
  const report = (shown: string, used: number, lines: MapLine[] = []) =>
    packingReport(input, state, shown, used, o, lines, tier.coChanged);
  if (o.mapShare <= 0) return report(text, tokensUsed);
  const bodies = new Set(state.orderedFiles().map((f) => f.path));
  const separator = text === "" ? 0 : counter.count(SECTION_SEPARATOR);
  let map = mapLines(
    candidates,
    bodies,
    input.budget - tokensUsed - separator,
    counter,
  );
  const withMap = () => {
    const all = [parts, mapParts(map)]
      .filter((p) => p.length > 0)
      .flatMap((p, i) => (i === 0 ? p : [SECTION_SEPARATOR, ...p]));
    return { mapped: joinedText(all), mappedTokens: countJoined(count, all) };
  };
  let { mapped, mappedTokens } = withMap();
  yield;
  // Each line was counted alone; joined, the text may count a little more.
  while (mappedTokens > input.budget && map.length > 0) {
    const weakest = map.reduce(
      (low, line, i) =>
        line.piece.score < (map[low]?.piece.score ?? Infinity) ? i : low,
      0,
    );
    map = map.filter((_, i) => i !== weakest);
    ({ mapped, mappedTokens } = withMap());
    yield;
  }
  return report(mapped, mappedTokens, map);
}
