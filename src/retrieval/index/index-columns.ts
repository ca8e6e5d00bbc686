import type { Bm25Index } from "./bm25-index.js";
import type { IndexedFile, RepositoryIndex } from "./assemble-index.js";
import type { FileKind } from "../../text/file-kind.js";
import type { Chunk, DeclarationKind } from "../types.js";
import { lazyArray } from "./lazy-array.js";
import {
  dictionaryColumn,
  dictionaryReader,
  stringAt,
  stringColumn,
  type DictionaryColumn,
  type StringColumn,
} from "./string-columns.js";
import {
  listMapColumns,
  listMapOf,
  numberMapColumns,
  numberMapOf,
  type MapColumns,
} from "./map-columns.js";

/**
 * A `RepositoryIndex` as a few columns, for V8's serializer: what a warm
 * `askcode ask` loads from disk. Serialized as objects, the index held each
 * chunk's text beside its file's (every byte of code twice) and made the
 * deserializer build about 30,000 objects property by property: on a
 * django-sized checkout (6,713 files, 28,829 chunks) its chunks alone were
 * 26 MB and took 74 ms to deserialize. As columns, a chunk is numbers in
 * typed arrays and its text an offset into its file's, sliced again on
 * load (a slice shares its file's characters); the vocabulary and the
 * lookup tables are `MapColumns`, searched where they lie.
 */
export interface IndexColumns {
  files: {
    path: string[];
    /**
     * Every file's text, one after another, as bytes in two groups: the
     * files whose characters all fit in a byte (Latin-1, a byte a
     * character), and the others (UTF-16LE, two bytes a character), so
     * that any string comes back exactly. Bytes, not strings: V8's
     * deserializer gives a typed array as a view of the bytes it read, where
     * it copied these 18 MB of strings into its heap (11 ms of a warm
     * question on the django-sized checkout, and a full collection they
     * brought on); a file's text is decoded when first read, and a question
     * reads a few hundred of 6,713.
     */
    texts: [narrow: Uint8Array, wide: Uint8Array];
    /** Which of `texts` holds file f's (0 or 1), and where its text ends there. */
    textIn: Uint8Array;
    textEnd: Uint32Array;
    kind: DictionaryColumn;
    lineCount: Uint32Array;
    firstChunk: Uint32Array;
    chunkCount: Uint32Array;
  };
  chunks: {
    fileId: Uint32Array;
    startLine: Uint32Array;
    endLine: Uint32Array;
    /** Where the chunk's text starts and ends in its file's text. */
    from: Uint32Array;
    to: Uint32Array;
    kind: DictionaryColumn;
    context: DictionaryColumn;
    /** Every chunk's `defines`, one after another; chunk c's end at `definesEnd[c]`. */
    defines: StringColumn;
    definesEnd: Uint32Array;
    /** Every chunk's `outline`, one after another, ending at `outlineEnd[c]`; -1: no outline. */
    outline: Uint32Array;
    outlineEnd: Int32Array;
  };
  chunkFile: Uint32Array;
  bm25: Omit<Bm25Index, "vocabulary"> & { vocabulary: MapColumns };
  fileLength: Float64Array;
  avgFileLength: number;
  definitions: MapColumns;
  byName: MapColumns;
  pathTerms: MapColumns;
}

// A character that does not fit in one byte (Latin-1).
const WIDE = /[^\0-\xff]/;

/**
 * The columns of `index`, or undefined when a chunk's text is not a piece
 * of its file's (no index assembled from files has one), or a table holds
 * an id that is not a whole number below 2³²: then it is kept as objects.
 *
 * @example
 * const bytes = serialize(indexToColumns(index) ?? index);
 */
export function indexToColumns(
  index: RepositoryIndex,
): IndexColumns | undefined {
  const vocabulary = numberMapColumns(index.bm25.vocabulary);
  const definitions = listMapColumns(index.definitions);
  const byName = listMapColumns(index.byName);
  const pathTerms = listMapColumns(index.pathTerms);
  if (!vocabulary || !definitions || !byName || !pathTerms) return undefined;
  const n = index.chunks.length;
  const from = new Uint32Array(n);
  const to = new Uint32Array(n);
  const definesEnd = new Uint32Array(n);
  const outlineEnd = new Int32Array(n);
  const defines: string[] = [];
  const outline: number[] = [];
  // A file's chunks are in line order: each is looked for from where the one before it starts.
  let searchFrom = 0;
  for (const [c, chunk] of index.chunks.entries()) {
    const file = index.files[chunk.fileId];
    if (!file || chunk.id !== c || chunk.path !== file.path) return undefined;
    if (c === file.firstChunk) searchFrom = 0;
    const at = file.text.indexOf(chunk.text, searchFrom);
    if (at < 0) return undefined;
    from[c] = at;
    to[c] = at + chunk.text.length;
    searchFrom = at;
    defines.push(...chunk.defines);
    definesEnd[c] = defines.length;
    if (chunk.outline) outline.push(...chunk.outline);
    outlineEnd[c] = chunk.outline ? outline.length : -1;
  }
  const texts: [string[], string[]] = [[], []];
  const lengths = [0, 0];
  const textIn = new Uint8Array(index.files.length);
  const textEnd = new Uint32Array(index.files.length);
  for (const [id, file] of index.files.entries()) {
    const wide = WIDE.test(file.text) ? 1 : 0;
    texts[wide].push(file.text);
    lengths[wide] = (lengths[wide] as number) + file.text.length;
    textIn[id] = wide;
    textEnd[id] = lengths[wide] as number;
  }
  return {
    files: {
      path: index.files.map((f) => f.path),
      texts: [
        Buffer.from(texts[0].join(""), "latin1"),
        Buffer.from(texts[1].join(""), "utf16le"),
      ],
      textIn,
      textEnd,
      kind: dictionaryColumn(index.files.map((f) => f.kind)),
      lineCount: Uint32Array.from(index.files, (f) => f.lineCount),
      firstChunk: Uint32Array.from(index.files, (f) => f.firstChunk),
      chunkCount: Uint32Array.from(index.files, (f) => f.chunkCount),
    },
    chunks: {
      fileId: Uint32Array.from(index.chunks, (c) => c.fileId),
      startLine: Uint32Array.from(index.chunks, (c) => c.startLine),
      endLine: Uint32Array.from(index.chunks, (c) => c.endLine),
      from,
      to,
      kind: dictionaryColumn(index.chunks.map((c) => c.kind)),
      context: dictionaryColumn(index.chunks.map((c) => c.context)),
      defines: stringColumn(defines),
      definesEnd,
      outline: Uint32Array.from(outline),
      outlineEnd,
    },
    chunkFile: index.chunkFile,
    bm25: { ...index.bm25, vocabulary },
    fileLength: index.fileLength,
    avgFileLength: index.avgFileLength,
    definitions,
    byName,
    pathTerms,
  };
}

/**
 * File `id`'s text as bytes: `start` to `end` of its group's
 * (`IndexColumns.files.texts[group]`, 0 Latin-1, 1 UTF-16LE). By default
 * cut from the columns' own; a reader that kept the texts apart (an index
 * snapshot reads them by ranges) passes its own.
 */
export type TextBytes = (
  id: number,
  group: 0 | 1,
  start: number,
  end: number,
) => Buffer;

/**
 * The index `indexToColumns` took apart, equal to it in every field and
 * in each object's key order (as `assembleIndexSteps` builds them).
 *
 * @example
 * const index = indexFromColumns(deserialize(bytes) as IndexColumns);
 */
export function indexFromColumns(
  columns: IndexColumns,
  textBytes: TextBytes = textsIn(columns.files.texts),
): RepositoryIndex {
  const { files: f, chunks: c } = columns;
  const fileKind = dictionaryReader(f.kind);
  const chunkKind = dictionaryReader(c.kind);
  const chunkContext = dictionaryReader(c.context);
  const text = fileTextProperty(f, textBytes);
  const files: IndexedFile[] = f.path.map((path, id) => {
    // Built in key order, `text` defined as the same accessor on every file
    // so that all share one shape: an accessor in an object literal is a new
    // function per file, which turns each object into a slow dictionary.
    const file = { id, path } as IndexedFile;
    Object.defineProperty(file, "text", text);
    file.kind = fileKind(id) as FileKind;
    file.lineCount = f.lineCount[id] as number;
    file.firstChunk = f.firstChunk[id] as number;
    file.chunkCount = f.chunkCount[id] as number;
    return file;
  });
  // Where chunk c's outline starts in `outline`: where the last one before it with an outline ended.
  const outlineStart = new Uint32Array(c.fileId.length);
  for (let id = 0, end = 0; id < c.fileId.length; id++) {
    outlineStart[id] = end;
    end = Math.max(end, c.outlineEnd[id] as number);
  }
  // A question reads a few thousand chunks of an index's tens of thousands
  // (those it ranks and those their evidence points at): each is made when
  // first read. Made whole, a 6,713-file checkout's 28,829 chunks cost a
  // warm question about 30 ms, most of it the collector's.
  const definesOf = (id: number) => {
    const names: string[] = [];
    for (
      let k = id === 0 ? 0 : (c.definesEnd[id - 1] as number);
      k < (c.definesEnd[id] as number);
      k++
    )
      names.push(stringAt(c.defines, k));
    return names;
  };
  const chunks = lazyArray(c.fileId.length, (id): Chunk => {
    const fileId = c.fileId[id] as number;
    const file = files[fileId] as IndexedFile;
    const chunk: Chunk = {
      id,
      fileId,
      path: file.path,
      startLine: c.startLine[id] as number,
      endLine: c.endLine[id] as number,
      text: file.text.slice(c.from[id], c.to[id]),
      kind: chunkKind(id) as DeclarationKind,
      context: chunkContext(id),
      defines: definesOf(id),
    };
    const outlineEnd = c.outlineEnd[id] as number;
    if (outlineEnd >= 0)
      chunk.outline = Array.from(
        c.outline.subarray(outlineStart[id], outlineEnd),
      );
    return chunk;
  });
  return {
    files,
    chunks,
    chunkFile: columns.chunkFile,
    bm25: {
      ...columns.bm25,
      vocabulary: numberMapOf(columns.bm25.vocabulary),
    },
    fileLength: columns.fileLength,
    avgFileLength: columns.avgFileLength,
    definitions: listMapOf(columns.definitions),
    byPath: new Map(files.map((file) => [file.path, file.id])),
    byName: listMapOf(columns.byName),
    pathTerms: listMapOf(columns.pathTerms),
  };
}

function textsIn(texts: IndexColumns["files"]["texts"]): TextBytes {
  const groups = texts.map((bytes) =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  ) as [Buffer, Buffer];
  return (_id, group, start, end) => groups[group].subarray(start, end);
}

/**
 * Where file `id`'s text lies in its group's bytes: the group (0 Latin-1,
 * a byte a character; 1 UTF-16LE, two), and its first and last byte.
 *
 * @example
 * const [group, start, end] = textRanges(columns.files)(id);
 */
export function textRanges(
  f: IndexColumns["files"],
): (id: number) => [group: 0 | 1, start: number, end: number] {
  const start = new Uint32Array(f.path.length);
  for (let id = 0, ends = [0, 0]; id < f.path.length; id++) {
    const group = f.textIn[id] as 0 | 1;
    start[id] = ends[group] as number;
    ends[group] = f.textEnd[id] as number;
  }
  return (id) => {
    const group = f.textIn[id] as 0 | 1;
    const width = group + 1;
    return [group, width * start[id]!, width * f.textEnd[id]!];
  };
}

// `text` of the files of `IndexColumns`, by their id: file f's decoded from
// its group's bytes when first read, and kept; writable, as an assembled
// index's is.
function fileTextProperty(
  f: IndexColumns["files"],
  textBytes: TextBytes,
): PropertyDescriptor & ThisType<IndexedFile> {
  const rangeOf = textRanges(f);
  const texts: (string | undefined)[] = new Array(f.path.length);
  const decode = (id: number) => {
    const [group, start, end] = rangeOf(id);
    return textBytes(id, group, start, end).toString(
      group === 0 ? "latin1" : "utf16le",
    );
  };
  return {
    get() {
      return (texts[this.id] ??= decode(this.id));
    },
    set(value: string) {
      texts[this.id] = value;
    },
    enumerable: true,
    configurable: true,
  };
}
