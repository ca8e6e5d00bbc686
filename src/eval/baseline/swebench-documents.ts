import { languageNamed } from "../../text/language-named.js";
import { extensionOf } from "../../text/languages.js";
import type { Bm25Document } from "./lucene-bm25.js";
import {
  familyOfLanguage,
  sourceFamilyOf,
  type SourceFamily,
} from "./source-files.js";

// SWE-bench's is_test (swebench/inference/make_datasets/utils.py): the path,
// lowercased and split on " ", "_", "/" and ".", holds the word "test",
// "tests" or "testing". Broader than a tests/ directory and test_*.py names:
// it also drops "testing/…" trees, "*_tests.py" and "test_utils/…", and keeps
// "conftest.py" and "testutils/…".
const TEST_WORDS = new Set(["test", "tests", "testing"]);

/**
 * Whether SWE-bench's BM25 retrieval leaves a file out as a test.
 *
 * @example
 * isSwebenchTestPath("astropy/io/fits/tests/test_table.py") // true
 * isSwebenchTestPath("src/_pytest/python.py")               // false
 * isSwebenchTestPath("sphinx/testing/fixtures.py")          // true
 */
export function isSwebenchTestPath(path: string): boolean {
  return path
    .toLowerCase()
    .split(/[ _/.]/)
    .some((word) => TEST_WORDS.has(word));
}

/**
 * Whether a file is one of SWE-bench's BM25 documents for an instance of a
 * language family: every source file of that family (for Python, every `.py`
 * file: its `Path.rglob("*.py")`) that is not a test. SWE-bench's rows are
 * Python, hence the default.
 *
 * @example
 * isSwebenchDocumentPath("requests/models.py")            // true
 * isSwebenchDocumentPath("include/fmt/core.h", "c-cpp")   // true
 * isSwebenchDocumentPath("astropy/wcs/src/wcs.c")         // false: a Python instance's documents are .py
 */
export function isSwebenchDocumentPath(
  path: string,
  family: SourceFamily = "python",
): boolean {
  return sourceFamilyOf(path) === family && !isSwebenchTestPath(path);
}

/**
 * The baseline's documents for an instance of `language`: SWE-bench's rule
 * (`isSwebenchDocumentPath`) for a language with a source family, Python's
 * when none is named. A history question in a language outside the families
 * (Ruby, Swift, Vim script: see `questionLanguage`) gets that language's
 * files, by the language table or else by the extension it is named by,
 * tests left out by the same rule.
 *
 * @example
 * baselineDocumentRule("rust")("src/lib.rs")         // true
 * baselineDocumentRule(undefined)("requests/api.py") // true
 * baselineDocumentRule("ruby")("lib/rack/utils.rb")  // true
 * baselineDocumentRule("xyz")("lib/thing.xyz")      // true: no language of that name, its extension
 */
export function baselineDocumentRule(
  language: string | undefined,
): (path: string) => boolean {
  const family = familyOfLanguage(language);
  if (family) return (path) => isSwebenchDocumentPath(path, family);
  const named = languageNamed(language as string);
  const ofLanguage = named
    ? (path: string) => named.matches(path)
    : (path: string) => extensionOf(path) === language;
  return (path) => ofLanguage(path) && !isSwebenchTestPath(path);
}

/**
 * Whether a gold file counts in the code-only view: source code of any family
 * (see source-files.ts) that is not a test by SWE-bench's rule. Docs, change
 * logs, build files and test data are left out.
 *
 * @example
 * isCodeGoldPath("src/dayjs/plugin/utc/index.js") // true
 * isCodeGoldPath("ChangeLog.md")                  // false
 * isCodeGoldPath("tests/test_format.cpp")         // false
 */
export function isCodeGoldPath(path: string): boolean {
  return sourceFamilyOf(path) !== undefined && !isSwebenchTestPath(path);
}

/**
 * SWE-bench's `file_name_and_contents` document: the repository-relative path,
 * a newline, then the file. (Python reads "\r\n" as "\n"; line ends do not
 * change the analyzed terms, so the text is used as it is.)
 *
 * @example
 * swebenchDocument({ path: "requests/api.py", text: "def get(url):\n" }) // { id: "requests/api.py", text: "requests/api.py\ndef get(url):\n" }
 */
export function swebenchDocument(file: {
  path: string;
  text: string;
}): Bm25Document {
  return { id: file.path, text: `${file.path}\n${file.text}` };
}
