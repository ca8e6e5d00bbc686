import type { Chunk } from "../types.js";

// More names than this say "a list of helpers" no better than five do.
const MAX_NAMES = 5;

/**
 * What a chunk is, in a few words for a reader: its declaration path, or,
 * for neighbours joined into one chunk (whose paths differ), the names it
 * declares; "" for code that declares nothing.
 *
 * @example
 * chunkLabel({ context: "impl Cache › fn evict", defines: ["evict"] }) // "impl Cache › fn evict"
 * chunkLabel({ context: "", defines: ["New", "Get"] })                  // "declares New, Get"
 */
export function chunkLabel(chunk: Pick<Chunk, "context" | "defines">): string {
  if (chunk.context) return chunk.context;
  return chunk.defines.length > 0
    ? `declares ${chunk.defines.slice(0, MAX_NAMES).join(", ")}`
    : "";
}
