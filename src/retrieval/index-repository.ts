import { Bm25Builder } from "./bm25-builder.js";
import type { Bm25Index } from "./bm25-index.js";
import { chunkFile, type ChunkOptions } from "./chunk-file.js";
import { identifierTerms } from "./code-terms.js";
import { fileKind, type FileKind } from "./file-kind.js";
import type { Chunk, SourceFile } from "./types.js";

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

/**
 * Chunks every file and builds the BM25 index over the chunks, the definition
 * table and the path tables.
 *
 * @example
 * const index = indexRepository([{ path: "app/session.py", text }]);
 * index.chunks.length          // chunks of all files, in file order
 * index.definitions.get("session") // ids of the chunks that declare Session
 */
export function indexRepository(
  files: readonly SourceFile[],
  options: ChunkOptions = {},
): RepositoryIndex {
  const indexed: IndexedFile[] = [];
  const chunks: Chunk[] = [];
  const definitions = new Map<string, number[]>();
  const byPath = new Map<string, number>();
  const byName = new Map<string, number[]>();
  const pathTerms = new Map<string, number[]>();

  const builder = new Bm25Builder();
  for (const file of files) {
    const id = indexed.length;
    const firstChunk = chunks.length;
    const text = file.text.includes("\r\n")
      ? file.text.replace(/\r\n/g, "\n")
      : file.text;
    // Chunks cover the file in order, so each one's text starts where the last ended.
    let offset = 0;
    for (const chunk of chunkFile(
      { path: file.path, text },
      options,
      id,
      firstChunk,
    )) {
      chunks.push(chunk);
      for (const name of chunk.defines.length > 0
        ? new Set(chunk.defines.map((d) => d.toLowerCase()))
        : []) {
        const list = definitions.get(name);
        if (list) list.push(chunk.id);
        else definitions.set(name, [chunk.id]);
      }
      builder.add(text, offset, offset + chunk.text.length);
      // A chunk's declaration path is part of what it is about: a piece cut from
      // the middle of `def _scale_back` should still match "_scale_back".
      builder.add(chunk.context);
      builder.endDocument();
      offset += chunk.text.length + 1;
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
    for (const term of new Set(
      file.path
        .replace(/\.[^./]*$/, "")
        .split(/[/.]/)
        .flatMap(identifierTerms),
    )) {
      const list = pathTerms.get(term);
      if (list) list.push(id);
      else pathTerms.set(term, [id]);
    }
  }

  const bm25 = builder.finish();
  const chunkFileIds = new Uint32Array(chunks.length);
  const fileLength = new Float64Array(indexed.length);
  for (const chunk of chunks) {
    chunkFileIds[chunk.id] = chunk.fileId;
    fileLength[chunk.fileId] =
      (fileLength[chunk.fileId] ?? 0) + (bm25.docLength[chunk.id] ?? 0);
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
