import { Bm25Builder } from "./bm25-builder.js";
import type { Bm25Index } from "./bm25-index.js";
import type { ChunkOptions } from "../chunks/chunk-file.js";
import { pathTerms as termsOfPath } from "./path-terms.js";
import { deriveFile, type DerivedFile } from "./derive-file.js";
import type { DerivedCache } from "./derived-cache.js";
import { fileKind, type FileKind } from "../../text/file-kind.js";
import { lfText } from "../../text/lf-text.js";
import { runToEnd, type Steps } from "../../shared/time-slices.js";
import type { Chunk, SourceFile } from "../types.js";

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
  definitions: Map<string, number[]>;
  /** Path → file id. */
  byPath: Map<string, number>;
  /** Lowercased file name → file ids. */
  byName: Map<string, number[]>;
  /** Index term of a path's directory and file names ("fits", "fitsrec") → file ids. */
  pathTerms: Map<string, number[]>;
}

export interface IndexReuse {
  /** What earlier indexing derived per blob SHA: files held there are assembled, not chunked and counted again. */
  derived?: DerivedCache;
  /** Derives one file (default `deriveFile`; tests count its calls). */
  deriveFile?: typeof deriveFile;
}

/**
 * Chunks every file and builds the BM25 index over the chunks, the definition
 * table and the path tables. With a derived cache, a file whose blob was
 * indexed before (on this commit or an earlier one) is assembled from what
 * was derived then; only new blobs are chunked and counted.
 *
 * @example
 * const index = indexRepository([{ path: "app/session.py", text }]);
 * index.chunks.length          // chunks of all files, in file order
 * index.definitions.get("session") // ids of the chunks that declare Session
 * indexRepository(nextCommitFiles, {}, { derived }) // derives only the changed files
 */
export function indexRepository(
  files: readonly SourceFile[],
  options: ChunkOptions = {},
  reuse: IndexReuse = {},
): RepositoryIndex {
  return runToEnd(indexRepositorySteps(files, options, reuse));
}

// Chunks whose file ids and lengths are tallied between two pauses.
const CHUNKS_PER_STEP = 16_384;

/**
 * `indexRepository` as steps that pause after each file and within the
 * postings' sort, for a server to run in time slices: one repository's
 * indexing takes seconds, a webhook waits for none of it.
 *
 * @example
 * const index = await eventLoopSlices.run(indexRepositorySteps(files, {}, { derived }));
 */
export function* indexRepositorySteps(
  files: readonly SourceFile[],
  options: ChunkOptions = {},
  reuse: IndexReuse = {},
): Steps<RepositoryIndex> {
  const indexed: IndexedFile[] = [];
  const chunks: Chunk[] = [];
  const definitions = new Map<string, number[]>();
  const byPath = new Map<string, number>();
  const byName = new Map<string, number[]>();
  const pathTerms = new Map<string, number[]>();

  const derive = reuse.deriveFile ?? deriveFile;
  // Counts terms for the files derived in this run; learns each distinct
  // word's terms once across them.
  let counter: Bm25Builder | undefined;
  const builder = new Bm25Builder();
  // Derive (or take) every file first, so the postings are allocated once.
  const texts: string[] = [];
  const derivations: DerivedFile[] = [];
  let postings = 0;
  for (const file of files) {
    const text = lfText(file.text);
    const fresh = () =>
      derive(
        { path: file.path, text },
        options,
        (counter ??= new Bm25Builder()),
      );
    const derived = reuse.derived
      ? reuse.derived.obtain(file, text, options, fresh)
      : fresh();
    texts.push(text);
    derivations.push(derived);
    postings += derived.termIndex.length;
    yield;
  }
  counter = undefined;
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
        language: derived.language,
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
