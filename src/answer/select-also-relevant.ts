import type { PackedPiece } from "../retrieval/pack/packing-types.js";

/** A file the packed context's map named, by the signature line it showed. */
export interface AlsoRelevant {
  path: string;
  line: number;
  /** The line's text, verbatim but for its indentation. */
  signature: string;
}

// A reader takes in a short list after the places; the model reads the whole
// map in its context.
const ALSO_RELEVANT = 8;

/**
 * The files the map named (pieces of form `signature`, in the map's order)
 * that are not among `listed` (the places already shown), one each, up to
 * eight: where else to look, for the retrieval answer on GitHub and for
 * `askcode ask`.
 *
 * @example
 * selectAlsoRelevant(context.pieces, ["lib/router.js"])
 * // [{ path: "lib/view.js", line: 52, signature: "function View(name, options) {" }]
 */
export function selectAlsoRelevant(
  pieces: readonly PackedPiece[],
  listed: Iterable<string>,
): AlsoRelevant[] {
  const seen = new Set(listed);
  const out: AlsoRelevant[] = [];
  for (const piece of pieces) {
    if (out.length >= ALSO_RELEVANT) break;
    if (piece.form !== "signature" || piece.signature === undefined) continue;
    if (seen.has(piece.path)) continue;
    seen.add(piece.path);
    out.push({
      path: piece.path,
      line: piece.startLine,
      signature: piece.signature,
    });
  }
  return out;
}
