import { LRUCache } from "lru-cache";
import type { ChunkOptions } from "../chunks/chunk-file.js";
import { chunkerFor } from "../chunks/chunk-file.js";
import type { DerivedFile } from "../index/derive-file.js";
import { derivedBytes } from "../index/derived-cache.js";
import type { SourceFile } from "../types.js";

/** How a file was cut: on its first pass (blank lines) or on its syntax tree. */
export type DerivationCut = "first-pass" | "tree";

/**
 * What a two-stage index cut, kept for the next question on the same
 * files (`askcode mcp`'s session, between its calls): a first pass's cut
 * and a tree are the same for the same text, so a call made before the
 * whole index lands cuts again only the files it did not cut before.
 *
 * Unlike `DerivedCache`, it holds first-pass cuts too, and it decides
 * nothing: which files count as held, and so which get their tree, is
 * still the derived cache's to say, so a call answers as `askcode ask`
 * would at that moment; the memo only spares the work. Keyed by the git
 * blob SHA of the text and the path, the text's length
 * checked, as the derived cache is.
 */
export interface DerivationMemo {
  /** The cut held for `file` (with `text` its LF text), or the one `derive` makes now (then kept). */
  obtain(
    file: SourceFile,
    text: string,
    options: ChunkOptions,
    cut: DerivationCut,
    derive: () => DerivedFile,
  ): DerivedFile;
}

/**
 * A memo bounded by `maxBytes` of derivations, least recently used out first.
 *
 * @example
 * const memo = createDerivationMemo({ maxBytes: 256 * 1024 * 1024 });
 * indexForOneQuestion(files, question, { derived, memo }); // again: nothing cut twice
 */
export function createDerivationMemo(options: {
  maxBytes: number;
}): DerivationMemo {
  if (!Number.isInteger(options.maxBytes) || options.maxBytes < 1)
    throw new RangeError(
      `createDerivationMemo: maxBytes must be a whole number of bytes of at least 1, not ${options.maxBytes}`,
    );
  const cache = new LRUCache<string, DerivedFile>({
    maxSize: options.maxBytes,
    maxEntrySize: options.maxBytes,
    sizeCalculation: derivedBytes,
  });
  return {
    obtain(file, text, chunkOptions, cut, derive) {
      if (file.blobSha === undefined) return derive();
      const key = `${file.blobSha}\0${file.path}\0${chunkerFor(file.path)}\0${cut}\0${JSON.stringify(chunkOptions)}`;
      const held = cache.get(key);
      if (held && held.textLength === text.length) return held;
      const made = derive();
      cache.set(key, made);
      return made;
    },
  };
}
