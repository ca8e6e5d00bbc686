import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EncodingName } from "../tokens/encoding-for-model.js";
import type { KeptEncodings } from "../tokens/load-encoder.js";
import {
  decodeEncodingFile,
  encodeEncodingFile,
  type DecodedEncoding,
} from "../tokens/rank-table-file.js";
import { replaceFileSync } from "./replace-file.js";

// The version is in the name: a new layout never reads an old file.
const DIR_NAME = "encodings-v1";
// The pre-tokens counted (`keepCountedPieces`) beside each encoding.
const PIECES_FILE = "-pieces";

/**
 * The tokenizer's decoded encodings kept in the cache directory
 * (`--cache-dir`), one file per encoding and installed table: a warm
 * question that counts a text anew reads o200k_base's arrays in place (about
 * 3 MB) instead of loading js-tiktoken's 2.3 MB table source and decoding it,
 * which cost it 50 ms or more. A missing, cut or changed file (its CRC-32
 * differs) reads as none, and the table is decoded and written again; a
 * failed write is said once on `log` and costs only time. Beside each, the
 * pre-tokens a whole index counted (`keepCountedPieces`), in the same
 * format: a question counting a text anew looks its pieces up there
 * instead of merging their bytes again.
 *
 * @example
 * const counter = createTokenCounter({ model, keptEncodings: openKeptEncodings(cacheDir, { log }) });
 */
export function openKeptEncodings(
  dir: string,
  deps: {
    log: { warn(message: string): void };
    /** Keep the pre-tokens counted too (`askcode index`); a question only reads them. */
    keepPieces?: boolean;
  },
): KeptEncodings {
  const fileOf = (name: EncodingName, source: string, kind = "") =>
    join(dir, DIR_NAME, `${name}-${source}${kind}.bin`);
  const read = (path: string) => {
    try {
      return decodeEncodingFile(readFileSync(path));
    } catch {
      return undefined;
    }
  };
  const write = (
    path: string,
    decoded: DecodedEncoding,
    what: string,
    otherwise: string,
  ) => {
    try {
      replaceFileSync(path, encodeEncodingFile(decoded));
    } catch (error) {
      deps.log.warn(
        `askcode could not keep ${what} in ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}); the next run ${otherwise}.`,
      );
    }
  };
  return {
    read: (name, source) => read(fileOf(name, source)),
    write: (name, source, decoded) =>
      write(
        fileOf(name, source),
        decoded,
        `the decoded ${name} tokenizer`,
        "decodes it again",
      ),
    // The pieces' table in the same file format, with no pattern.
    readPieces: (name, source) =>
      read(fileOf(name, source, PIECES_FILE))?.ranks,
    // Without it, the encoder remembers no piece it merged for keeping.
    ...(deps.keepPieces
      ? {
          writePieces: (name, source, pieces) =>
            write(
              fileOf(name, source, PIECES_FILE),
              { pattern: "", ranks: pieces },
              `the ${name} pre-tokens counted`,
              "counts them again",
            ),
        }
      : {}),
  };
}
