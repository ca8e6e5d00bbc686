import { hash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { EncodingName } from "../tokens/encoding-for-model.js";
import {
  decodeEncoding,
  rankTableFile,
  type KeptEncodings,
} from "../tokens/load-encoder.js";
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
// The encodings decoded by `npm run build` (`shipEncodings`), in
// dist/encodings-v1/ beside dist/cli/. Run from the TypeScript sources,
// src/ holds none.
const SHIPPED = fileURLToPath(new URL("..", import.meta.url));

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
 * An encoding the directory lacks is read from the ones the build decoded
 * (`shipped`, for the same installed table), so a first question, on an
 * empty cache, decodes nothing either: decoding and writing o200k_base
 * cost it 50-70 ms. Found there, it is copied into the directory as read.
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
    /** Where the build's decoded encodings are (`shipEncodings`; default: this package's dist/). */
    shipped?: string;
  },
): KeptEncodings {
  const fileOf = (name: EncodingName, source: string, kind = "") =>
    join(dir, DIR_NAME, `${name}-${source}${kind}.bin`);
  const shipped = deps.shipped ?? SHIPPED;
  const read = (path: string) => {
    try {
      return decodeEncodingFile(readFileSync(path));
    } catch {
      return undefined;
    }
  };
  const write = (
    path: string,
    bytes: Uint8Array,
    what: string,
    otherwise: string,
  ) => {
    try {
      replaceFileSync(path, bytes);
    } catch (error) {
      deps.log.warn(
        `askcode could not keep ${what} in ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}); the next run ${otherwise}.`,
      );
    }
  };
  // The build's copy for this install's table, copied into the directory
  // as it was read: later runs read their own without hashing the table.
  const readShipped = (name: EncodingName, source: string) => {
    const path = shippedFile(shipped, name);
    const bytes = path && readBytes(path);
    const decoded = bytes && decodeEncodingFile(bytes);
    if (!bytes || !decoded) return undefined;
    write(
      fileOf(name, source),
      bytes,
      `the decoded ${name} tokenizer`,
      "reads the build's copy again",
    );
    return decoded;
  };
  return {
    read: (name, source) =>
      read(fileOf(name, source)) ?? readShipped(name, source),
    write: (name, source, decoded) =>
      write(
        fileOf(name, source),
        encodeEncodingFile(decoded),
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
              encodeEncodingFile({ pattern: "", ranks: pieces }),
              `the ${name} pre-tokens counted`,
              "counts them again",
            ),
        }
      : {}),
  };
}

/**
 * Decodes each encoding and writes it into `dist` for `openKeptEncodings`
 * to read when its directory lacks one (`npm run build`, through
 * scripts/write-encodings.mjs). Named by a hash of the installed table's
 * source, not by its size and change time as the cache directory's are: a
 * package installed elsewhere has other change times but, for the same
 * table, the same hash.
 *
 * @example
 * shipEncodings(new URL("../dist/", import.meta.url).pathname, ["o200k_base"]);
 */
export function shipEncodings(
  dist: string,
  names: readonly EncodingName[],
): void {
  for (const name of names) {
    const path = shippedFile(dist, name);
    if (!path)
      throw new Error(
        `shipEncodings: js-tiktoken's ${name} table is not installed; run npm ci`,
      );
    replaceFileSync(path, encodeEncodingFile(decodeEncoding(name)));
  }
}

// Where the build's copy of an encoding for the installed table is, named
// by a hash of the table's source (about 2 ms for o200k_base's 2.3 MB).
function shippedFile(at: string, name: EncodingName): string | undefined {
  const table = readBytes(() => rankTableFile(name));
  return table && join(at, DIR_NAME, `${name}-${hash("sha1", table)}.bin`);
}

// A file's bytes, or undefined when it cannot be found or read.
function readBytes(path: string | (() => string)): Buffer | undefined {
  try {
    return readFileSync(typeof path === "string" ? path : path());
  } catch {
    return undefined;
  }
}
