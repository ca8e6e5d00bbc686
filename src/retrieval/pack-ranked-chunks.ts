import { compressChunk } from "./compress-chunk.js";
import type {
  PackedContext,
  PackedPiece,
  PackInput,
  PackOptions,
} from "./packing-types.js";
import { PackingState, type Placed } from "./packing-state.js";
import type { RankedChunk } from "./rank-chunks.js";
import { formatRanges, omittedMarker } from "./render-context.js";

const DEFAULTS: Required<PackOptions> = {
  metadataBelow: 0.25,
  compressBelow: 0.5,
  compressAboveTokens: 150,
  maxMetadataLines: 25,
  maxCandidates: 600,
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

type Form = PackedPiece["form"];

/**
 * Packs ranked chunks into the budget (seed 000's second strategy, with seed
 * 003's compression):
 *
 * 1. In rank order, each chunk goes in by the first form that fits: strong
 *    chunks whole, else cut to their structure, else as a metadata line; long
 *    middling chunks cut first; weak chunks as metadata lines only.
 * 2. With room left, chunks not shown whole are upgraded, best first.
 * 3. The text is rendered and counted with the real tokenizer; while it is over
 *    budget the lowest-ranked piece goes. The slack the estimate left funds
 *    another round of 1 and 2.
 *
 * Pieces of one file are shown in line order under one header, adjacent ones
 * merged; files are ordered by their best piece.
 *
 * @example
 * const packed = packRankedChunks({ ranked, chunksAvailable, files, lineCount, budget: 13_000, tokenCounter });
 * packed.tokensUsed <= 13_000 // always
 */
export function packRankedChunks(input: PackInput): PackedContext {
  const o = { ...DEFAULTS, ...input.options };
  const { tokenCounter: counter, budget } = input;
  const candidates = input.ranked.slice(0, o.maxCandidates);
  const top = candidates[0]?.score ?? 0;
  const state = new PackingState(counter, input.lineCount);
  const placedByRank = new Map<number, Placed>();
  const cache = new Map<string, Placed | null>();

  const make = (rank: number, form: Form): Placed | undefined => {
    const key = `${rank}:${form}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const made = makePlaced(
      candidates[rank] as RankedChunk,
      rank,
      form,
      counter.count.bind(counter),
      o,
    );
    cache.set(key, made ?? null);
    return made;
  };
  const tryPlace = (rank: number, form: Form, limit: number): boolean => {
    // Skip without tokenizing when even an optimistic count cannot fit.
    const chars = (candidates[rank] as RankedChunk).chunk.text.length;
    if (
      form === "full" &&
      chars / OPTIMISTIC_CHARS_PER_TOKEN >
        limit - state.total + (placedByRank.get(rank)?.piece.tokens ?? 0)
    ) {
      return false;
    }
    const next = make(rank, form);
    if (!next) return false;
    if (form === "metadata" && state.metadata.length >= o.maxMetadataLines)
      return false;
    const current = placedByRank.get(rank);
    if (current) state.remove(current);
    if (state.total + state.costOfAdding(next) <= limit) {
      state.add(next);
      placedByRank.set(rank, next);
      return true;
    }
    if (current) state.add(current);
    return false;
  };

  let limit = budget;
  let text = "";
  let tokensUsed = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = placedByRank.size;
    candidates.forEach((c, rank) => {
      if (placedByRank.has(rank)) return;
      for (const form of preferredForms(c, top, o)) {
        if (tryPlace(rank, form, limit)) break;
      }
    });
    let upgraded = false;
    candidates.forEach((_c, rank) => {
      const current = placedByRank.get(rank);
      if (current?.piece.form === "full") return;
      if (
        current?.piece.form === "metadata" &&
        tryPlace(rank, "compressed", limit)
      )
        upgraded = true;
      if (tryPlace(rank, "full", limit)) upgraded = true;
    });

    text = state.render();
    tokensUsed = counter.count(text);
    // The budget is never exceeded: drop the lowest-ranked piece until the real count fits.
    while (tokensUsed > budget) {
      const last = state.placed().pop();
      if (!last) break;
      state.remove(last);
      placedByRank.delete(last.rank);
      text = state.render();
      tokensUsed = counter.count(text);
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
  return report(input, state, text, tokensUsed, o);
}

/** Forms to try for a chunk, by its score relative to the best and its length. */
function preferredForms(
  c: RankedChunk,
  top: number,
  o: Required<PackOptions>,
): Form[] {
  const relative = top > 0 ? c.score / top : 0;
  // Estimated from characters: only the forms actually placed are tokenized.
  const long = c.chunk.text.length / 4 >= o.compressAboveTokens;
  if (relative >= o.compressBelow) return ["full", "compressed", "metadata"];
  if (relative >= o.metadataBelow)
    return long ? ["compressed", "metadata"] : ["full", "metadata"];
  return ["metadata"];
}

function makePlaced(
  c: RankedChunk,
  rank: number,
  form: Form,
  count: (text: string) => number,
  o: Required<PackOptions>,
): Placed | undefined {
  const { chunk } = c;
  let text = chunk.text;
  if (form === "compressed") {
    if (count(chunk.text) < o.compressAboveTokens) return undefined;
    // Keep the lines that use the strongest matched names: they are why the chunk is here.
    const keepTerms = c.matchedTerms.slice(0, 8).filter((t) => t.length >= 4);
    const compressed = compressChunk(chunk, {
      keep: (line) => keepTerms.some((t) => line.toLowerCase().includes(t)),
      marker: (from, to, indent) => omittedMarker(chunk.path, from, to, indent),
    });
    if (!compressed) return undefined;
    text = compressed.text;
  } else if (form === "metadata") {
    const names =
      chunk.context ||
      (chunk.defines.length > 0
        ? `declares ${chunk.defines.slice(0, 5).join(", ")}`
        : chunk.kind);
    text = `- ${chunk.path}:${chunk.startLine}-${chunk.endLine} ${names}`;
  }
  const why = c.why
    .filter((w) => w.points > 0)
    .slice(0, 3)
    .map((w) => `${w.detail} +${w.points.toFixed(1)}`)
    .join("; ");
  const piece: PackedPiece = {
    path: chunk.path,
    startLine: chunk.startLine,
    endLine: chunk.endLine,
    form,
    tokens: count(text),
    score: c.score,
    context: chunk.context,
    why,
  };
  return { rank, piece, text };
}

function report(
  input: PackInput,
  state: PackingState,
  text: string,
  tokensUsed: number,
  o: Required<PackOptions>,
): PackedContext {
  const placed = state.placed();
  const shown = placed.filter((p) => p.piece.form !== "metadata");
  const compressed = shown.filter((p) => p.piece.form === "compressed").length;
  const full = new Set(
    placed.filter((p) => p.piece.form === "full").map((p) => p.rank),
  );
  const leftOut = input.ranked
    .slice(0, o.maxCandidates)
    .map((r, rank) => ({ r, rank }))
    .filter(({ rank }) => !full.has(rank))
    .slice(0, 5)
    .map(
      ({ r }) =>
        `${r.chunk.path} lines ${r.chunk.startLine}-${r.chunk.endLine}`,
    );
  const files = state.orderedFiles().map((f) => ({
    path: f.path,
    ranges: mergeRanges(
      f.shown.map((p): [number, number] => [
        p.piece.startLine,
        p.piece.endLine,
      ]),
    ),
    tokens: f.shown.reduce((sum, p) => sum + p.piece.tokens, 0),
  }));
  const truncated = shown.length < input.chunksAvailable || compressed > 0;
  const parts = [
    `Ranked chunks: showing ${shown.length} of ${input.chunksAvailable} matching chunks` +
      (compressed > 0 ? ` (${compressed} cut to their structure)` : "") +
      ` from ${files.length} files` +
      (state.metadata.length > 0
        ? `, and naming ${state.metadata.length} more`
        : "") +
      `, in ${tokensUsed} of ${input.budget} tokens.`,
  ];
  if (leftOut.length > 0) {
    parts.push(
      `Not shown in full, best first: ${leftOut.join("; ")}. Read any of them with read_file_contents(path, start_line, end_line), or ask again with a larger budget.`,
    );
  }
  if (files.length > 0)
    parts.push(
      `Shown: ${files.map((f) => `${f.path} (${formatRanges(f.ranges)})`).join("; ")}.`,
    );
  return {
    text,
    mode: "ranked-chunks",
    tokensUsed,
    budget: input.budget,
    chunksReturned: shown.length,
    chunksAvailable: input.chunksAvailable,
    truncated,
    note: parts.join(" "),
    pieces: placed.map((p) => p.piece),
    files,
    encoding: input.tokenCounter.encodingName,
  };
}

function mergeRanges(ranges: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}
