import type { CodeSearchQuery } from "../code-host.js";
import { isWithin, normalizeRepoPath } from "../../shared/repo-path.js";
import { languageNamed } from "../../text/language-named.js";
import { baseName } from "./search-file.js";

/** Which files a query's filters admit, and sentences describing them. */
export interface SearchFileFilter {
  matches(path: string): boolean;
  /** "Only files under src/; language typescript (.ts, .tsx, .mts, .cts)." — empty without filters. */
  notes: string[];
}

/**
 * Builds the path test for a query's `pathPrefix`, `extension`, `filename` and
 * `language`. Readers apply it before reading any file, so filters also save I/O.
 * Throws `InvalidPathError` for a `pathPrefix` that is not a repository path.
 *
 * @example
 * createSearchFileFilter({ query: "x", language: "Python" }).matches("a/b.py") // true
 */
export function createSearchFileFilter(
  query: CodeSearchQuery,
): SearchFileFilter {
  const tests: Array<(path: string) => boolean> = [];
  const described: string[] = [];
  const notes: string[] = [];

  const prefix =
    query.pathPrefix === undefined ? "" : normalizeRepoPath(query.pathPrefix);
  if (prefix !== "") {
    tests.push((path) => isWithin(path, prefix));
    described.push(`under ${prefix}/`);
  }
  const extension = query.extension?.trim().replace(/^\./, "").toLowerCase();
  if (extension) {
    tests.push((path) => path.toLowerCase().endsWith("." + extension));
    described.push(`extension .${extension}`);
  }
  const filename = query.filename?.trim().toLowerCase();
  if (filename) {
    tests.push((path) => baseName(path).toLowerCase() === filename);
    described.push(`named ${query.filename?.trim()}`);
  }
  const language = query.language?.trim().toLowerCase();
  if (language) {
    const known = languageNamed(language);
    if (known) {
      const suffixes = [
        ...known.extensions.map((ext) => "." + ext),
        ...known.fileNames,
      ];
      tests.push((path) => known.matches(path));
      described.push(`language ${known.name} (${suffixes.join(", ")})`);
    } else {
      tests.push((path) => path.toLowerCase().endsWith("." + language));
      notes.push(
        `Language "${query.language}" is not one askcode knows; only files ending in .${language} were searched.`,
      );
    }
  }
  if (described.length > 0)
    notes.unshift(`Only files ${described.join("; ")}.`);
  return { matches: (path) => tests.every((test) => test(path)), notes };
}
