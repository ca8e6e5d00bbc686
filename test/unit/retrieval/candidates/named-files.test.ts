import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { namedFiles } from "../../../../src/retrieval/candidates/named-files.js";

const PATHS = [
  "src/_pytest/python.py",
  "src/_pytest/__init__.py",
  "src/_pytest/main.py",
  "src/_pytest/mark/__init__.py",
  "src/_pytest/mark/structures.py",
  "testing/python/collect.py",
];

describe("namedFiles", () => {
  it("matches written paths, stack frames and modules to the tree, written paths first", () => {
    const question = [
      "`from _pytest.mark.structures import Mark` fails",
      "/usr/lib/python3.8/site-packages/_pytest/main.py:341: in from_call",
      "see python.py",
    ].join("\n");
    expect(namedFiles(PATHS, analyzeQuery(question).paths)).toEqual([
      "src/_pytest/python.py",
      "src/_pytest/main.py",
      "src/_pytest/mark/structures.py",
    ]);
  });

  it("adds nothing for a module that names only a whole package", () => {
    // testing/python is a directory of tests, not one module's file.
    const question = "`import testing.python` and nowhere.py";
    expect(namedFiles(PATHS, analyzeQuery(question).paths)).toEqual([]);
  });
});
