import type { ChunkOptions } from "../chunks/chunk-file.js";
import type { DerivedFile } from "../index/derive-file.js";

/**
 * Another thread that derives files on their syntax trees beside this one
 * (`indexForOneQuestionAlongside`): a cold question's main thread is busy
 * from start to end while a second core idles.
 */
export interface ParseAlongside {
  /**
   * Derives each of `files` (LF texts) on its tree, cut with `options`:
   * this thread and the other take the next file in turn, in the order
   * given, until none is left, so neither waits while files remain.
   * `deriveHere(k)` derives `files[k]` on this thread. Resolves to what the
   * other thread derived, by position in `files`; rejects if it failed
   * (then the files it took are the caller's to derive).
   */
  share(
    files: ReadonlyArray<{ path: string; text: string }>,
    options: ChunkOptions,
    deriveHere: (k: number) => void,
  ): Promise<ReadonlyMap<number, DerivedFile>>;
  /** Ends the other thread. */
  close(): Promise<void>;
}
