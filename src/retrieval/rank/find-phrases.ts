import type { RepositoryIndex } from "../index/index-repository.js";
import type { Phrase } from "../query/query-analysis.js";
import { MAX_PHRASE_FILES } from "./rank-weights.js";
import { lineNumberAt } from "../../text/line-number-at.js";

export interface PhraseHit {
  phrase: Phrase;
  chunkId: number;
  /** Files containing the phrase: rarer is stronger evidence. */
  files: number;
}

/**
 * Finds each phrase verbatim in the files' text and maps the first hit per
 * file to the chunk holding it. A phrase in more than MAX_PHRASE_FILES files
 * is dropped as too common.
 *
 * @example
 * findPhrases(index, [{ text: "object has no attribute", source: "errorMessage", weight: 1.2 }])
 * // [{ phrase, chunkId: 913, files: 3 }, …]
 */
export function findPhrases(
  index: RepositoryIndex,
  phrases: readonly Phrase[],
): PhraseHit[] {
  const out: PhraseHit[] = [];
  for (const phrase of phrases) {
    const hits: number[] = [];
    for (const file of index.files) {
      const at = file.text.indexOf(phrase.text);
      if (at < 0) continue;
      const chunkId = chunkAtOffset(index, file.id, file.text, at);
      if (chunkId !== undefined) hits.push(chunkId);
      if (hits.length > MAX_PHRASE_FILES) break;
    }
    if (hits.length > MAX_PHRASE_FILES) continue;
    for (const chunkId of hits)
      out.push({ phrase, chunkId, files: hits.length });
  }
  return out;
}

/** The chunk of file `fileId` that holds 1-based `line`, by binary search. */
export function chunkAtLine(
  index: RepositoryIndex,
  fileId: number,
  line: number,
): number | undefined {
  const file = index.files[fileId];
  if (!file || file.chunkCount === 0) return undefined;
  let lo = file.firstChunk;
  let hi = file.firstChunk + file.chunkCount - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = index.chunks[mid];
    if (!c) return undefined;
    if (line < c.startLine) hi = mid - 1;
    else if (line > c.endLine) lo = mid + 1;
    else return mid;
  }
  return undefined;
}

function chunkAtOffset(
  index: RepositoryIndex,
  fileId: number,
  text: string,
  offset: number,
): number | undefined {
  return chunkAtLine(index, fileId, lineNumberAt(text, offset));
}
