import { chunkLabel } from "../chunks/chunk-label.js";
import {
  compressChunk,
  type CompressedChunk,
  type CompressOptions,
} from "./compress-chunk.js";
import type { PackedPiece, PackTuning } from "./packing-types.js";
import type { Placed } from "./packing-state.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import { omittedMarkerFor } from "./render-context.js";

export type Form = PackedPiece["form"];

/**
 * The forms to try for a chunk, best first, by its strength relative to the
 * best chunk's (its score's share of the best score, or the chunk model's
 * share: `learnedOrder`) and its length (see docs/architecture/retrieval.md,
 * 'Compression thresholds').
 *
 * @example
 * preferredForms(strongChunk, 0.8, options) // ["full", "compressed", "metadata"]
 * preferredForms(weakChunk, 0.02, options)  // ["metadata"]
 */
export function preferredForms(
  c: RankedChunk,
  relative: number,
  o: Pick<
    PackTuning,
    "compressBelow" | "metadataBelow" | "compressAboveTokens"
  >,
): Form[] {
  // Estimated from characters: only the forms actually placed are tokenized.
  const long = c.chunk.text.length / 4 >= o.compressAboveTokens;
  if (relative >= o.compressBelow) return ["full", "compressed", "metadata"];
  if (relative >= o.metadataBelow)
    return long ? ["compressed", "metadata"] : ["full", "metadata"];
  return ["metadata"];
}

/**
 * A chunk rendered in one form with its token count, ready to place: the
 * chunk's text ("full"), its structure with markers for the rest
 * ("compressed", undefined when that saves too little), or one line naming it
 * ("metadata"). Compression also keeps lines using the chunk's strongest
 * matched terms.
 *
 * @example
 * makePlaced(ranked[3], 3, "metadata", counter.count, options)?.text
 * // "- pkg/session.py:41-95 class Session › def request"
 */
export function makePlaced(
  c: RankedChunk,
  rank: number,
  form: Form,
  count: (text: string) => number,
  o: PackTuning,
  structure: (c: RankedChunk) => CompressedChunk | undefined = structureOf,
): Placed | undefined {
  const { chunk } = c;
  let text = chunk.text;
  let omitted: Array<[number, number]> | undefined;
  if (form === "compressed") {
    const compressed = structureWhenLong(c, count, o, structure);
    if (!compressed) return undefined;
    text = compressed.text;
    omitted = compressed.omitted;
  } else if (form === "metadata") {
    const names = chunkLabel(chunk) || chunk.kind;
    text = `- ${chunk.path}:${chunk.startLine}-${chunk.endLine} ${names}`;
  }
  const why = whyInWords(c);
  const piece: PackedPiece = {
    path: chunk.path,
    startLine: chunk.startLine,
    endLine: chunk.endLine,
    form,
    ...(omitted && omitted.length > 0 ? { omitted } : {}),
    tokens: count(text),
    score: c.score,
    context: chunk.context,
    why,
    ...(form !== "metadata" && c.copies && c.copies.length > 0
      ? {
          copies: c.copies.map(({ lines, path, at }) => ({ lines, path, at })),
        }
      : {}),
  };
  return { rank, piece, text };
}

/**
 * A chunk's structure when the chunk is long enough to cut
 * (`compressAboveTokens`, by its real count), else undefined: what its
 * "compressed" form shows.
 *
 * @example
 * structureWhenLong(ranked[3], counter.count, options)?.text
 */
export function structureWhenLong(
  c: RankedChunk,
  count: (text: string) => number,
  o: Pick<PackTuning, "compressAboveTokens">,
  structure: (c: RankedChunk) => CompressedChunk | undefined = structureOf,
): CompressedChunk | undefined {
  return count(c.chunk.text) < o.compressAboveTokens ? undefined : structure(c);
}

/**
 * A chunk cut to its structure (`compressChunk`), keeping too the lines that
 * use its strongest matched names: they are why the chunk is here. Undefined
 * when that would save too little.
 *
 * @example
 * structureOf(ranked[3])?.omitted // [[122, 160]]
 */
export function structureOf(
  c: Pick<RankedChunk, "chunk" | "matchedTerms">,
): CompressedChunk | undefined {
  return compressChunk(c.chunk, structureOptions(c));
}

/** How `structureOf` cuts a chunk: what it keeps beyond the structure, and its markers. */
function structureOptions(
  c: Pick<RankedChunk, "chunk" | "matchedTerms">,
): CompressOptions {
  const keepTerms = c.matchedTerms.slice(0, 8).filter((t) => t.length >= 4);
  const marker = omittedMarkerFor(c.chunk.path);
  if (keepTerms.length === 0) return { marker };
  const using = linesUsing(c.chunk.text, keepTerms);
  return { keep: (_, i) => using.has(i), marker };
}

/**
 * The 0-based lines of `text` that hold one of `terms` (lowercase), ignoring
 * case: the text lowercased once and each term found in it, rather than each
 * line lowercased. Lowercasing never adds or removes a newline, nor reads
 * across one (final sigma's context stops at it), so the lines of the
 * lowercased text are the lowercased lines.
 *
 * @example
 * linesUsing("a = 1\nSESSION = make()", ["session"]) // Set { 1 }
 */
function linesUsing(text: string, terms: readonly string[]): Set<number> {
  const lower = text.toLowerCase();
  const lines = new Set<number>();
  for (const term of terms) {
    // A term spanning lines is in no one line.
    if (term.includes("\n")) continue;
    let line = 0;
    let counted = 0;
    for (
      let at = lower.indexOf(term);
      at >= 0;
      at = lower.indexOf(term, at + 1)
    ) {
      for (
        let n = lower.indexOf("\n", counted);
        n >= 0 && n < at;
        n = lower.indexOf("\n", n + 1)
      ) {
        line++;
        counted = n + 1;
      }
      lines.add(line);
    }
  }
  return lines;
}

/**
 * Why a chunk ranked, for its piece: its three largest score contributions.
 *
 * @example
 * whyInWords(ranked[0]) // "defines shouldRetry +6.2; \"retry\" ×3 in chunk +4.1; path matches +2.0"
 */
export function whyInWords(c: Pick<RankedChunk, "why">): string {
  return c.why
    .filter((w) => w.points > 0)
    .slice(0, 3)
    .map((w) => `${w.detail} +${w.points.toFixed(1)}`)
    .join("; ");
}
