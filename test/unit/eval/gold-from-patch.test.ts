import { goldFromPatch } from "../../../src/eval/gold-from-patch.js";
import {
  commitAll,
  git,
  initRepo,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

const thirtyLines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);

describe("goldFromPatch", () => {
  let root: string;
  let patch: string;

  // A fix as SWE-bench stores it: `git diff` from the base commit.
  beforeAll(() => {
    root = initRepo();
    writeFiles(root, {
      "pkg/a.py": thirtyLines.join("\n") + "\n",
      "db/query.sql": "select 1;\n-- note\nselect 2;\n",
      "old.txt": "x\ny\n",
      "one.txt": "one\n",
    });
    const base = commitAll(root, "base");
    const fixed = [...thirtyLines];
    fixed[4] = "line five";
    fixed[24] = "line twenty-five";
    writeFiles(root, {
      "pkg/a.py": fixed.join("\n") + "\n",
      // The removed line starts with "-- ", so the patch holds "--- note".
      "db/query.sql": "select 1;\nselect 2;\n",
      "new.txt": "new\n",
      "one.txt": "uno\n",
    });
    git(root, "rm", "--quiet", "old.txt");
    commitAll(root, "fix");
    patch = git(root, "diff", base, "HEAD");
  });

  afterAll(() => removeDir(root));

  it("takes every hunk's old side, per file that existed at the base commit", () => {
    expect(patch).toContain("\n--- note\n");
    expect(goldFromPatch(patch)).toEqual({
      gold_files: ["db/query.sql", "old.txt", "one.txt", "pkg/a.py"],
      gold_hunks: {
        "db/query.sql": [[1, 3]],
        "old.txt": [[1, 2]],
        "one.txt": [[1, 1]],
        "pkg/a.py": [
          [2, 7],
          [22, 7],
        ],
      },
    });
  });

  it("finds nothing in a patch that only adds files", () => {
    const added = patch.slice(patch.indexOf("diff --git a/new.txt"));
    expect(
      goldFromPatch(added.slice(0, added.indexOf("diff --git a/old.txt"))),
    ).toEqual({
      gold_files: [],
      gold_hunks: {},
    });
  });
});
