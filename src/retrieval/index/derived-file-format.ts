import type { DerivedChunk, DerivedFile } from "./derive-file.js";
import type { DeclarationKind } from "../types.js";

/**
 * The blob-store kind of a derived file on disk. Bump the version whenever
 * the layout below, the chunker (chunk-file.ts, syntax-units.ts,
 * declarations-of.ts, declaration-rules.ts) or the term splitting (code-terms.ts,
 * bm25-builder.ts) changes what a file derives: old entries are then never
 * read, and age out of the store. v4: v3 entries were cut under a time
 * limit on parsing, so a file parsed on a busy machine may be held cut on
 * blank lines; v4's are cut under a work limit (parse-within-limit.ts).
 */
export const DERIVED_KIND = "chunks:v4";

const FORMAT = 4;

type ChunkTuple = [
  number,
  number,
  DeclarationKind,
  string,
  string[],
  number,
  number,
  readonly number[] | null,
];

interface Header {
  format: number;
  /** How the file was cut (`chunkerFor`). */
  chunker: string;
  /** The chunk options the entry was cut with (`JSON.stringify`). */
  options: string;
  textLength: number;
  pairs: number;
  /** [startLine, endLine, kind, context, defines, from, to, outline] per chunk. */
  chunks: ChunkTuple[];
  terms: string[];
}

/**
 * A derived file as bytes: a JSON header (chunks, terms) then its typed
 * arrays, little-endian as every platform askcode runs on.
 *
 * @example
 * const bytes = encodeDerivedFile(derived, "{}");
 * decodeDerivedFile(bytes, { chunker: "python", options: "{}", textLength: text.length }) // equal to derived
 */
export function encodeDerivedFile(
  derived: DerivedFile,
  options: string,
): Buffer {
  const header: Header = {
    format: FORMAT,
    chunker: derived.chunker,
    options,
    textLength: derived.textLength,
    pairs: derived.termIndex.length,
    chunks: derived.chunks.map((c) => [
      c.startLine,
      c.endLine,
      c.kind,
      c.context,
      c.defines,
      c.from,
      c.to,
      c.outline ?? null,
    ]),
    terms: derived.terms,
  };
  const json = Buffer.from(JSON.stringify(header));
  const headerBytes = align4(4 + json.length);
  const n = derived.chunks.length;
  const pairs = derived.termIndex.length;
  const out = Buffer.alloc(headerBytes + 8 * n + 4 * pairs + 2 * pairs);
  out.writeUInt32LE(json.length, 0);
  json.copy(out, 4);
  let at = headerBytes;
  for (const array of [
    derived.termEnd,
    derived.docLength,
    derived.termIndex,
    derived.termFreq,
  ]) {
    Buffer.from(array.buffer, array.byteOffset, array.byteLength).copy(out, at);
    at += array.byteLength;
  }
  return out;
}

/**
 * The derived file in `bytes`, or undefined when they are not one derived
 * for `expect` (another chunker or chunk options, another text length, an
 * older format) or do not hold together: a miss, derived afresh.
 */
export function decodeDerivedFile(
  bytes: Buffer,
  expect: {
    chunker: string;
    options: string;
    textLength: number;
  },
): DerivedFile | undefined {
  try {
    const jsonLength = bytes.readUInt32LE(0);
    const header = JSON.parse(
      bytes.subarray(4, 4 + jsonLength).toString(),
    ) as Header;
    if (
      header.format !== FORMAT ||
      header.chunker !== expect.chunker ||
      header.options !== expect.options ||
      header.textLength !== expect.textLength
    )
      return undefined;
    const n = header.chunks.length;
    const { pairs, terms } = header;
    let at = align4(4 + jsonLength);
    if (bytes.length !== at + 8 * n + 6 * pairs) return undefined;
    // Copied out of the buffer: typed arrays need aligned offsets, and the
    // entry's buffer should not stay alive behind a view.
    const u32 = (count: number) => {
      const array = new Uint32Array(count);
      bytes.copy(Buffer.from(array.buffer), 0, at, at + 4 * count);
      at += 4 * count;
      return array;
    };
    const termEnd = u32(n);
    const docLength = u32(n);
    const termIndex = u32(pairs);
    const termFreq = new Uint16Array(pairs);
    bytes.copy(Buffer.from(termFreq.buffer), 0, at, at + 2 * pairs);
    let previous = 0;
    for (const end of termEnd) {
      if (end < previous || end > pairs) return undefined;
      previous = end;
    }
    if (previous !== pairs) return undefined;
    for (const i of termIndex) if (i >= terms.length) return undefined;
    const chunks: DerivedChunk[] = [];
    let offset = 0;
    for (const tuple of header.chunks) {
      const [from, to] = [tuple[5], tuple[6]];
      if (from !== offset || to < from || to > header.textLength)
        return undefined;
      offset = to + 1;
      chunks.push(chunkOfTuple(tuple));
    }
    return {
      chunker: header.chunker,
      textLength: header.textLength,
      chunks,
      terms,
      termEnd,
      termIndex,
      termFreq,
      docLength,
    };
  } catch {
    return undefined;
  }
}

function chunkOfTuple([
  startLine,
  endLine,
  kind,
  context,
  defines,
  from,
  to,
  outline,
]: ChunkTuple): DerivedChunk {
  const chunk = { startLine, endLine, kind, context, defines, from, to };
  return outline ? { ...chunk, outline } : chunk;
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
