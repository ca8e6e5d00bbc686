import { Bm25Builder } from "./bm25-builder.js";
import type { DerivedFile } from "./derive-file.js";
import type { Bm25Index } from "./bm25-index.js";
import { pathTerms as termsOfPath } from "./path-terms.js";
import { fileKind, type FileKind } from "../../text/file-kind.js";
import type { Steps } from "../../shared/time-slices.js";
import type { Chunk } from "../types.js";

export interface IndexedFile {
  id: number;
  path: string;
  /** The text with CRLF line ends turned into LF; chunk texts are slices of it. */
  text: string;
  kind: FileKind;
  /** Lines in the file. */
  lineCount: number;
  /** The file's chunks are `chunks[firstChunk .. firstChunk + chunkCount)`, in line order. */
  firstChunk: number;
  chunkCount: number;
}

/**
 * Everything ranking needs about one set of files, built once per snapshot and
 * reusable for any number of questions.
 */
export interface RepositoryIndex {
  files: IndexedFile[];
  chunks: Chunk[];
  /** Chunk id → file id. */
  chunkFile: Uint32Array;
  bm25: Bm25Index;
  /** Terms per file (the sum over its chunks), for file-level BM25. */
  fileLength: Float64Array;
  avgFileLength: number;
  /** Lowercased declared name → ids of the chunks that declare it. */
  definitions: ReadonlyMap<string, number[]>;
  /** Path → file id. */
  byPath: Map<string, number>;
  /** Lowercased file name → file ids. */
  byName: ReadonlyMap<string, number[]>;
  /** Index term of a path's directory and file names ("fits", "fitsrec") → file ids. */
  pathTerms: ReadonlyMap<string, number[]>;
}

// Chunks whose file ids and lengths are tallied between two pauses.
const CHUNKS_PER_STEP = 16_384;

/**
 * Assembles an index from each file's derivation (its chunks and term
 * counts, however they were cut): the BM25 postings over every chunk, the
 * definition table and the path tables. Pauses after each file and within
 * the postings' sort (see `Steps`).
 *
 * @example
 * const index = runToEnd(assembleIndexSteps(files, texts, derivations));
 */
export function* assembleIndexSteps(
  files: ReadonlyArray<{ path: string }>,
  /** Each file's LF text, in the order of `files`. */
  texts: readonly string[],
  derivations: readonly DerivedFile[],
): Steps<RepositoryIndex> {
  const indexed: IndexedFile[] = [];
  const chunks: Chunk[] = [];
  const definitions = new Map<string, number[]>();
  const byPath = new Map<string, number>();
  const byName = new Map<string, number[]>();
  const pathTerms = new Map<string, number[]>();
  const builder = new Bm25Builder();
  let postings = 0;
  for (const derived of derivations) postings += derived.termIndex.length;
  builder.reserve(postings);
  for (const [id, file] of files.entries()) {
    const firstChunk = chunks.length;
    const text = texts[id] as string;
    const derived = derivations[id] as DerivedFile;
    // Terms in the order the file first uses them get ids in that order: the
    // vocabulary numbers terms as one pass over all files would.
    const termIds = new Uint32Array(derived.terms.length);
    for (const [k, term] of derived.terms.entries())
      termIds[k] = builder.termId(term);
    for (const [c, d] of derived.chunks.entries()) {
      const chunk: Chunk = {
        id: chunks.length,
        fileId: id,
        path: file.path,
        startLine: d.startLine,
        endLine: d.endLine,
        text: text.slice(d.from, d.to),
        kind: d.kind,
        context: d.context,
        defines: d.defines,
        ...(d.outline ? { outline: d.outline } : {}),
      };
      chunks.push(chunk);
      for (const name of chunk.defines.length > 0
        ? new Set(chunk.defines.map((n) => n.toLowerCase()))
        : []) {
        const list = definitions.get(name);
        if (list) list.push(chunk.id);
        else definitions.set(name, [chunk.id]);
      }
      builder.addCounted(
        termIds,
        derived.termIndex,
        derived.termFreq,
        c === 0 ? 0 : (derived.termEnd[c - 1] as number),
        derived.termEnd[c] as number,
        derived.docLength[c] as number,
      );
    }
    const lastChunk = chunks[chunks.length - 1];
    indexed.push({
      id,
      path: file.path,
      text,
      kind: fileKind(file.path),
      lineCount:
        chunks.length > firstChunk && lastChunk ? lastChunk.endLine : 0,
      firstChunk,
      chunkCount: chunks.length - firstChunk,
    });
    byPath.set(file.path, id);
    const name = file.path.slice(file.path.lastIndexOf("/") + 1).toLowerCase();
    const same = byName.get(name);
    if (same) same.push(id);
    else byName.set(name, [id]);
    for (const term of termsOfPath(file.path)) {
      const list = pathTerms.get(term);
      if (list) list.push(id);
      else pathTerms.set(term, [id]);
    }
    yield;
  }

  const bm25 = yield* builder.finishSteps();
  const chunkFileIds = new Uint32Array(chunks.length);
  const fileLength = new Float64Array(indexed.length);
  for (const chunk of chunks) {
    chunkFileIds[chunk.id] = chunk.fileId;
    fileLength[chunk.fileId] =
      (fileLength[chunk.fileId] ?? 0) + (bm25.docLength[chunk.id] ?? 0);
    if ((chunk.id + 1) % CHUNKS_PER_STEP === 0) yield;
  }
  let total = 0;
  for (const l of fileLength) total += l;
  return {
    files: indexed,
    chunks,
    chunkFile: chunkFileIds,
    bm25,
    fileLength,
    avgFileLength: indexed.length > 0 ? total / indexed.length : 0,
    definitions,
    byPath,
    byName,
    pathTerms,
  };
}
