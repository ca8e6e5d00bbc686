import { extensionOf } from "./languages.js";

/**
 * What a file is for, as far as its path says. Ranking uses it to break ties
 * the way a maintainer would: the code that does the work first, then its
 * tests and docs, which describe the work.
 */
export type FileKind = "code" | "test" | "docs" | "data";

const TEST_DIR =
  /(?:^|\/)(?:tests?|testing|__tests__|spec|specs|__mocks__|fixtures?)\//i;
const TEST_NAME =
  /(?:^|\/)(?:test_[^/]*|[^/]*_tests?\.[^/.]+|[^/]*\.(?:test|spec)\.[^/]+|conftest\.py)$/i;
const DOCS_DIR = /(?:^|\/)(?:docs?|documentation|examples?)\//i;
const DOCS_EXT = new Set(["md", "mdx", "rst", "txt", "adoc", "rdoc", "tex"]);
// Release notes repeat the names of everything ever fixed, so they match
// every question and answer none.
const CHANGELOG =
  /(?:^|\/)(?:changes?|changelog|history|news|release[-_]?notes|whatsnew)(?:\.[^/]*)?$|(?:^|\/)(?:changelog|whatsnew|changes)\//i;
const DATA_EXT = new Set([
  "json",
  "yaml",
  "yml",
  "toml",
  "ini",
  "cfg",
  "csv",
  "tsv",
  "xml",
  "svg",
  "lock",
  "txt",
]);

/**
 * Classifies a path.
 *
 * @example
 * fileKind("src/_pytest/python.py")   // "code"
 * fileKind("testing/test_python.py")  // "test"
 * fileKind("docs/usage.rst")          // "docs"
 * fileKind("CHANGES.rst")             // "docs"
 * fileKind("package.json")            // "data"
 */
export function fileKind(path: string): FileKind {
  if (TEST_NAME.test(path) || TEST_DIR.test(path)) return "test";
  const ext = extensionOf(path);
  if (
    CHANGELOG.test(path) ||
    DOCS_EXT.has(ext) ||
    (DOCS_DIR.test(path) && ext !== "py")
  )
    return "docs";
  if (DATA_EXT.has(ext)) return "data";
  return "code";
}

/** True for release notes and change logs, which ranking demotes further than other docs. */
export function isChangelog(path: string): boolean {
  return CHANGELOG.test(path);
}
