import type { Bm25Document } from "./lucene-bm25.js";

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
 * Whether a file is one of SWE-bench's BM25 documents: every `.py` file
 * (its `Path.rglob("*.py")`) that is not a test.
 */
export function isSwebenchDocumentPath(path: string): boolean {
  return path.endsWith(".py") && !isSwebenchTestPath(path);
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
