import { syntaxLanguageForPath } from "../text/syntax-language-for-path.js";
import { isSecretPath } from "./secret-files.js";
import { extensionOf } from "../text/languages.js";
import {
  BUILD_OUTPUT_DIRS,
  LOCK_FILES,
  MINIFIED_NAME,
  VENDORED_DIRS,
} from "./generated-paths.js";

/** Why a file is left out of retrieval; `undefined` means it is read. */
export type SkipReason =
  | "binary"
  | "data"
  | "too-large"
  | "vendored"
  | "generated"
  | "lock-file"
  | "secret"
  | "minified";

export interface FileFilterOptions {
  /**
   * Files larger than this are not read (default 512 KiB, and 1 MiB for
   * source code in a language askcode parses: see DEFAULT_MAX_SOURCE_BYTES).
   */
  maxFileBytes?: number;
  /** Extra rule: return true to leave a path out (paths the repository's configuration excludes); secret files are always left out. */
  exclude?: (path: string) => boolean;
}

export const DEFAULT_MAX_FILE_BYTES = 512 * 1024;
/**
 * Source code is read up to 1 MiB: a single-header library or an
 * amalgamation (nlohmann's json.hpp is 0.9 MB) is what its users include and
 * what their stack traces name. Bigger text is data: bigger than this, a
 * generated amalgamation such as sqlite3.c (9 MB) would crowd out the
 * sources it is built from. It matches the code host's default read limit
 * (ASKCODE_MAX_FILE_BYTES), so such a file is never read cut.
 */
export const DEFAULT_MAX_SOURCE_BYTES = 1024 * 1024;

// Extensions that are never text worth reading.
const BINARY = new Set(
  (
    "png jpg jpeg gif bmp ico icns webp tif tiff psd svgz pdf eps zip gz tgz bz2 xz zst 7z rar jar war ear whl egg " +
    "so dylib dll exe o a lib obj class pyc pyo pyd wasm bin dat db sqlite sqlite3 mp3 mp4 wav ogg flac avi mov mkv " +
    "webm ttf otf woff woff2 eot fits fit hdf5 h5 npy npz pkl pickle parquet feather nc mat sav xls xlsx doc docx ppt " +
    "pptx odt ods"
  ).split(" "),
);
// Text formats that are data, not anything a question about code is answered
// from: vector images, translation catalogues, notebooks with their outputs.
const DATA = new Set(["svg", "po", "pot", "ipynb"]);

/**
 * Decides from a tree entry alone whether retrieval reads a file, so skipped
 * files cost no request. `shouldSkipText` checks the content once read.
 *
 * @example
 * skipReason("node_modules/x/index.js", 100)  // "vendored"
 * skipReason("assets/logo.png", 2048)         // "binary"
 * skipReason("package-lock.json", 90_000)     // "lock-file"
 * skipReason("src/app.ts", 4096)              // undefined (read it)
 */
export function skipReason(
  path: string,
  size: number | undefined,
  options: FileFilterOptions = {},
): SkipReason | undefined {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  // Never read, whatever a question asks (docs/architecture/overview.md, "Security model").
  if (isSecretPath(path) || options.exclude?.(path)) return "secret";
  if (VENDORED_DIRS.test(path)) return "vendored";
  if (BUILD_OUTPUT_DIRS.test(path)) return "generated";
  if (LOCK_FILES.has(name)) return "lock-file";
  if (MINIFIED_NAME.test(name)) return "minified";
  const ext = extensionOf(path);
  if (BINARY.has(ext)) return "binary";
  if (DATA.has(ext)) return "data";
  const limit =
    options.maxFileBytes ??
    (syntaxLanguageForPath(path) === undefined
      ? DEFAULT_MAX_FILE_BYTES
      : DEFAULT_MAX_SOURCE_BYTES);
  if (size !== undefined && size > limit) return "too-large";
  return undefined;
}

// No line a person wrote is this long.
const MAX_LINE_CHARS = 5000;

/**
 * Checks a file's text: NUL bytes mean binary; very long lines mean minified
 * or generated output (a search index, a bundled script), which no one reads
 * line by line and which no chunk can cut, since chunks hold whole lines.
 *
 * @example
 * skipReasonForText("a\u0000b")                 // "binary"
 * skipReasonForText("x".repeat(50_000))         // "minified"
 * skipReasonForText("def f():\n    return 1\n") // undefined
 */
export function skipReasonForText(text: string): SkipReason | undefined {
  if (text.includes("\u0000")) return "binary";
  if (text.length <= MAX_LINE_CHARS) return undefined;
  let lines = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
    if (i - start > MAX_LINE_CHARS) return "minified";
    start = i + 1;
    lines++;
  }
  if (text.length - start > MAX_LINE_CHARS) return "minified";
  // Over 500 characters a line on average: machine-written too.
  return text.length / lines > 500 ? "minified" : undefined;
}
