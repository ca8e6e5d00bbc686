import type { Bm25Builder } from "./bm25-builder.js";
import {
  chunkerFor,
  chunkFileWithoutTree,
  type ChunkOptions,
} from "../chunks/chunk-file.js";
import { deriveFile, type DerivedFile } from "./derive-file.js";

/**
 * Derives a file as `deriveFile` does but without its syntax tree: chunks
 * cut on blank lines, with their term counts. Its `chunker`
 * says how it was cut ("text" for a Python file cut on blank lines), so it
 * is never mistaken for the file's own derivation, and it is never cached.
 *
 * @example
 * const shallow = deriveWithoutTree({ path: "pkg/api.py", text }, {}, counter);
 * shallow.chunker            // "text"
 * withoutTree(shallow, "pkg/api.py") // true
 */
export function deriveWithoutTree(
  file: { path: string; text: string },
  options: ChunkOptions,
  counter: Bm25Builder,
): DerivedFile {
  // The same object, not a copy: the counter noted its terms by it.
  return Object.assign(
    deriveFile(file, options, counter, chunkFileWithoutTree),
    { chunker: "text" },
  );
}

/**
 * Whether a derivation of `path` was cut without the syntax tree its
 * language is cut on (a file without a grammar never is).
 *
 * @example
 * withoutTree(deriveWithoutTree({ path: "a.py", text }, {}, counter), "a.py") // true
 * withoutTree(deriveWithoutTree({ path: "a.md", text }, {}, counter), "a.md") // false
 */
export function withoutTree(derived: DerivedFile, path: string): boolean {
  return derived.chunker !== chunkerFor(path);
}
