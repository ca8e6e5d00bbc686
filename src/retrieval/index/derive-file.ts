import type { Bm25Builder } from "./bm25-builder.js";
import {
  chunkerFor,
  chunkFile,
  type ChunkOptions,
} from "../chunks/chunk-file.js";
import type { DeclarationKind } from "../types.js";

/** One chunk of a derived file, without its text (a range of the file's). */
export interface DerivedChunk {
  startLine: number;
  endLine: number;
  kind: DeclarationKind;
  context: string;
  defines: string[];
  /** See Chunk.outline. */
  outline?: readonly number[];
  /** The chunk's text is `text.slice(from, to)` of the file's LF text. */
  from: number;
  to: number;
}

/**
 * What indexing derives from one file's text, independent of the other files
 * and of the file's place in an index: its chunks and each chunk's term
 * counts (over its text and its declaration path, as BM25 reads them). It
 * holds no copy of the text (chunk texts are cut from the file's text when
 * an index is assembled), so two commits' worth of files never keep their
 * text twice. The same text cut the same way gives the same derivation, so it is cached by blob SHA (see derived-cache.ts).
 */
export interface DerivedFile {
  /** How the file was cut (`chunkerFor`): a ".py" and a ".txt" file with one text are not. */
  chunker: string;
  /** Characters of the LF text it was derived from: a cheap check that a cached entry fits. */
  textLength: number;
  chunks: DerivedChunk[];
  /** The distinct terms of the file, in the order first seen. */
  terms: string[];
  /** Chunk c's counts are entries [termEnd[c - 1], termEnd[c]) of `termIndex` and `termFreq`. */
  termEnd: Uint32Array;
  /** Index into `terms`. */
  termIndex: Uint32Array;
  /** Occurrences in the chunk, capped at 65535 as the BM25 postings store them. */
  termFreq: Uint16Array;
  /** Terms per chunk, uncapped (BM25's document length). */
  docLength: Uint32Array;
}

/**
 * Chunks one file (its text with LF line ends) and counts each chunk's terms
 * with `counter`, a `Bm25Builder` used only to count: it keeps what it learnt
 * about words across the files of one indexing run, which is what makes
 * counting fast.
 *
 * @example
 * const derived = deriveFile({ path: "app/session.py", text }, {}, new Bm25Builder());
 * derived.chunks[1] // { startLine: 13, endLine: 40, kind: "class", context: "class Session", defines: ["Session"], from: 310, to: 1022 }
 *
 * `cutter` cuts the file (default `chunkFile`; `deriveWithoutTree` passes
 * the cut that skips the syntax tree).
 */
export function deriveFile(
  file: { path: string; text: string },
  options: ChunkOptions,
  counter: Bm25Builder,
  cutter: typeof chunkFile = chunkFile,
): DerivedFile {
  const { text } = file;
  const cut = cutter(file, options);
  const chunks: DerivedChunk[] = [];
  const terms: string[] = [];
  // Counter term id → 1 + index in `terms`, for this file only (0: not yet).
  const local = localScratch(counter.termCount);
  const termEnd = new Uint32Array(cut.length);
  const docLength = new Uint32Array(cut.length);
  // Written into the scratch, then copied out at their length: one pair of
  // arrays for every file, not one sized for each (a first question's
  // first pass cut 6,700 files, whose arrays were garbage at once).
  let { termIndex, termFreq } = local;
  let pairs = 0;
  const visit = (id: number, count: number): void => {
    let at = (local.slots[id] as number) - 1;
    if (at < 0) {
      at = terms.length;
      local.slots[id] = at + 1;
      local.used.push(id);
      terms.push(counter.term(id));
    }
    if (pairs === termIndex.length) {
      const index = new Uint32Array(pairs * 2);
      index.set(termIndex);
      local.termIndex = termIndex = index;
      const freq = new Uint16Array(pairs * 2);
      freq.set(termFreq);
      local.termFreq = termFreq = freq;
    }
    termIndex[pairs] = at;
    termFreq[pairs] = Math.min(count, 0xffff);
    pairs++;
  };
  // Chunks cover the file in order, so each one's text starts where the last ended.
  let offset = 0;
  for (const [c, chunk] of cut.entries()) {
    const from = offset;
    const to = offset + chunk.text.length;
    offset = to + 1;
    counter.add(text, from, to);
    // A chunk's declaration path is part of what it is about: a piece cut from
    // the middle of `def _scale_back` should still match "_scale_back".
    counter.add(chunk.context);
    if (counter.termCount > local.slots.length)
      growScratch(local, counter.termCount);
    docLength[c] = counter.takeDocument(visit);
    termEnd[c] = pairs;
    chunks.push({
      startLine: chunk.startLine,
      endLine: chunk.endLine,
      kind: chunk.kind,
      context: chunk.context,
      defines: chunk.defines,
      ...(chunk.outline ? { outline: chunk.outline } : {}),
      from,
      to,
    });
  }
  const derived: DerivedFile = {
    chunker: chunkerFor(file.path),
    textLength: text.length,
    chunks,
    terms,
    termEnd,
    termIndex: termIndex.slice(0, pairs),
    termFreq: termFreq.slice(0, pairs),
    docLength,
  };
  // `local.used` is `terms` as the counter's ids: an index assembled with
  // this counter takes them instead of looking the terms up again.
  counter.noteTerms(derived, local.used);
  for (const id of local.used) local.slots[id] = 0;
  local.used.length = 0;
  return derived;
}

interface LocalScratch {
  slots: Uint32Array;
  used: number[];
  /** A file's (term, count) pairs while it is counted. */
  termIndex: Uint32Array;
  termFreq: Uint16Array;
}

// One scratch table reused across files (cleared after each): a Map per file
// cost more than the chunking.
const scratch: LocalScratch = {
  slots: new Uint32Array(1 << 16),
  used: [],
  termIndex: new Uint32Array(1 << 14),
  termFreq: new Uint16Array(1 << 14),
};

function localScratch(termCount: number): LocalScratch {
  if (termCount > scratch.slots.length) growScratch(scratch, termCount);
  return scratch;
}

function growScratch(table: LocalScratch, termCount: number): void {
  let size = table.slots.length;
  while (size < termCount) size *= 2;
  const slots = new Uint32Array(size);
  slots.set(table.slots);
  table.slots = slots;
}
