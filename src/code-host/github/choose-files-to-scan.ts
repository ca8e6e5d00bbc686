import { DEFAULT_READ_LIMITS, type TreeEntry } from "../code-host.js";

// Files whose contents never answer a question about code: images, fonts,
// archives, compiled objects, media, and generated lockfiles and bundles.
const SKIPPED_FILE =
  /\.(?:png|jpe?g|gif|bmp|ico|webp|svgz|tiff?|psd|woff2?|ttf|otf|eot|zip|gz|tgz|bz2|xz|7z|rar|jar|war|class|o|a|so|dylib|dll|exe|bin|wasm|pdf|mp[34]|mov|avi|wav|ogg|flac|sqlite|db|pyc|min\.js|min\.css|map|lock)$|(?:^|\/)(?:package-lock\.json|pnpm-lock\.yaml|npm-shrinkwrap\.json)$/i;
// Directories of vendored or generated code.
const SKIPPED_DIRECTORY =
  /(?:^|\/)(?:node_modules|vendor|third_party|dist|build|out|target|coverage|\.git)\//;
// Source files, which a code question is usually about, before docs and data.
const SOURCE_FILE =
  /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|py|go|rs|java|kt|kts|scala|c|h|cc|cpp|cxx|hh|hpp|cs|swift|m|mm|rb|php|sh|bash|lua|dart|ex|exs|erl|hs|clj|cljs|vue|svelte|sql)$/i;

export interface FilesToScan {
  /** The files to read, best first, at most the limit. */
  chosen: TreeEntry[];
  /** Files that could hold the answer, of which `chosen` is the head. */
  candidates: number;
}

/**
 * Picks which files the tokenized fallback reads when each read costs a
 * request: files that might hold text (not binary, vendored, generated or
 * over the 1 MB read limit), ranked by
 * 1. how many of the query's tokens their path holds,
 * 2. source code before docs and data,
 * 3. smaller first (more files for the same bytes),
 * 4. path, so the choice is stable.
 * The caller has already applied the query's filters (path prefix, language,
 * extension, file name).
 *
 * @example
 * chooseFilesToScan(entries, ["retry", "policy"], 40).chosen[0].path // "src/retry/policy.ts"
 */
export function chooseFilesToScan(
  files: readonly TreeEntry[],
  tokens: readonly string[],
  limit: number,
): FilesToScan {
  const ranked = files
    .filter(
      (file) =>
        file.type === "file" &&
        (file.size ?? 0) <= DEFAULT_READ_LIMITS.maxFileBytes &&
        !SKIPPED_FILE.test(file.path) &&
        !SKIPPED_DIRECTORY.test(file.path),
    )
    .map((file) => {
      const path = file.path.toLowerCase();
      return {
        file,
        tokens: tokens.filter((token) => path.includes(token)).length,
        source: SOURCE_FILE.test(path) ? 1 : 0,
      };
    })
    .sort(
      (a, b) =>
        b.tokens - a.tokens ||
        b.source - a.source ||
        (a.file.size ?? 0) - (b.file.size ?? 0) ||
        (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0),
    );
  return {
    chosen: ranked.slice(0, Math.max(0, limit)).map((entry) => entry.file),
    candidates: ranked.length,
  };
}
