import { execFileSync } from "node:child_process";
import { readComparison } from "../../../src/code-host/github/compare-commits.js";
import { judgeCitations } from "../../../src/watch/judge-citations.js";
import { compareWithGit } from "../../../scripts/git-compare.js";
import {
  commitAll,
  git,
  initRepo,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

const lines = (n: number, label: string) =>
  Array.from({ length: n }, (_, i) => `${label} ${i + 1}`).join("\n") + "\n";

let repo: string;
afterEach(() => removeDir(repo));

describe("compareWithGit (the stand-in's compare route)", () => {
  it("answers as GitHub does, and the watch reads which cited lines moved, changed or stayed from its patches", async () => {
    repo = initRepo();
    writeFiles(repo, {
      "src/a.ts": lines(40, "a"),
      "src/b.ts": lines(10, "b"),
      "src/old.ts": lines(5, "o"),
    });
    const base = commitAll(repo, "base");
    const a = lines(40, "a").split("\n");
    a.splice(2, 0, "inserted above"); // before a 3
    a[30] = "a 30 changed"; // a 30 (line 31 after the insertion)
    writeFiles(repo, { "src/a.ts": a.join("\n") });
    git(repo, "mv", "src/old.ts", "src/new.ts");
    git(repo, "rm", "-q", "src/b.ts");
    const head = commitAll(repo, "change");
    const run = (args: string[]) => execFileSync("git", ["-C", repo, ...args]);

    const comparison = readComparison(compareWithGit(run, base, head));
    expect(comparison.status).toBe("ahead");
    expect(comparison.mergeBase).toBe(base);
    expect(
      comparison.files.map(({ path, status, previousPath }) => ({
        path,
        status,
        previousPath,
      })),
    ).toStrictEqual([
      { path: "src/a.ts", status: "modified", previousPath: undefined },
      { path: "src/b.ts", status: "removed", previousPath: undefined },
      { path: "src/new.ts", status: "renamed", previousPath: "src/old.ts" },
    ]);

    // The blobs the answer cited at the base (a pure rename keeps its blob).
    const blob = (path: string) =>
      git(repo, "rev-parse", `${base}:${path}`).trim();
    const verdict = await judgeCitations(
      {
        sha: base,
        cited: [
          {
            path: "src/a.ts",
            blob: blob("src/a.ts"),
            ranges: [
              [10, 20],
              [28, 32],
            ],
          },
          { path: "src/b.ts", blob: blob("src/b.ts"), ranges: [[1, 3]] },
          { path: "src/old.ts", blob: blob("src/old.ts"), ranges: [[2, 4]] },
        ],
      },
      comparison,
      { before: base, head, forced: false, changedPaths: undefined },
      // Every file is judged from the patches: none is read by itself.
      async (file) => {
        throw new Error(`${file.path} was read at the head`);
      },
    );
    expect(verdict).toStrictEqual({
      kind: "changed",
      places: [
        {
          path: "src/a.ts",
          range: [10, 20],
          fate: "moved",
          now: { path: "src/a.ts", range: [11, 21] },
        },
        { path: "src/a.ts", range: [28, 32], fate: "changed" },
        { path: "src/b.ts", range: [1, 3], fate: "deleted" },
        {
          path: "src/old.ts",
          range: [2, 4],
          fate: "moved",
          now: { path: "src/new.ts", range: [2, 4] },
        },
      ],
    });
  });

  it("says a head behind the base is behind", () => {
    repo = initRepo();
    writeFiles(repo, { "a.txt": "1\n" });
    const first = commitAll(repo, "one");
    writeFiles(repo, { "a.txt": "2\n" });
    const second = commitAll(repo, "two");
    const run = (args: string[]) => execFileSync("git", ["-C", repo, ...args]);
    expect(compareWithGit(run, second, first)).toMatchObject({
      status: "behind",
      behind_by: 1,
      ahead_by: 0,
    });
  });
});
