import type { CitedFile } from "../../../src/storage/answer-records/answer-record.js";
import type { CommitComparison } from "../../../src/code-host/github/compare-commits.js";
import type { FileJudgement } from "../../../src/watch/compare-cited-file.js";
import { judgeCitations } from "../../../src/watch/judge-citations.js";

const BASE = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const HEAD = "8f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b";
const tracked = {
  sha: BASE,
  cited: [
    { path: "src/upload.py", blob: "a".repeat(40), ranges: [[6, 10]] as const },
    { path: "src/server.py", blob: "b".repeat(40), ranges: [] },
  ],
};
const push = {
  before: BASE,
  head: HEAD,
  forced: false,
  changedPaths: new Set(["src/upload.py"]),
};
/** A per-file check that must not be needed: the comparison says it all. */
const unasked = async (file: CitedFile): Promise<FileJudgement> => {
  throw new Error(`${file.path} was read at the head`);
};
/** A per-file check that finds the file changed at the head, recording what it read. */
function readAtHead() {
  const read: string[] = [];
  const compareFile = async (file: CitedFile, at: string) => {
    read.push(at);
    return {
      places: [{ path: file.path, fate: "changed" as const }],
      blob: "e".repeat(40),
    };
  };
  return { read, compareFile };
}
const comparison = (
  files: CommitComparison["files"],
  more: Partial<CommitComparison> = {},
): CommitComparison => ({
  status: "ahead",
  mergeBase: BASE,
  files,
  filesCut: false,
  ...more,
});

describe("judgeCitations", () => {
  it("moves the citations to the head, with the new blob, when the push changed their files elsewhere", async () => {
    const verdict = await judgeCitations(
      tracked,
      comparison([
        {
          path: "src/upload.py",
          status: "modified",
          blob: "c".repeat(40),
          patch: "@@ -20,2 +20,3 @@\n a\n+b\n c",
        },
      ]),
      push,
      unasked,
    );
    expect(verdict).toStrictEqual({
      kind: "unchanged",
      tracked: {
        sha: HEAD,
        cited: [
          { path: "src/upload.py", blob: "c".repeat(40), ranges: [[6, 10]] },
          tracked.cited[1],
        ],
      },
    });
  });

  it("names each place changed, moved or deleted", async () => {
    const verdict = await judgeCitations(
      tracked,
      comparison([
        {
          path: "src/upload.py",
          status: "modified",
          blob: "c".repeat(40),
          patch: "@@ -1,2 +1,3 @@\n a\n+b\n c",
        },
        { path: "src/server.py", status: "removed" },
      ]),
      push,
      unasked,
    );
    expect(verdict).toStrictEqual({
      kind: "changed",
      places: [
        {
          path: "src/upload.py",
          range: [6, 10],
          fate: "moved",
          now: { path: "src/upload.py", range: [7, 11] },
        },
        { path: "src/server.py", fate: "deleted" },
      ],
    });
  });

  it("follows a renamed file, and counts a whole-file citation changed by any change", async () => {
    const verdict = await judgeCitations(
      tracked,
      comparison([
        {
          path: "src/uploads.py",
          previousPath: "src/upload.py",
          status: "renamed",
          blob: "a".repeat(40),
        },
        {
          path: "src/server.py",
          status: "modified",
          patch: "@@ -2 +2 @@\n-x\n+y",
        },
      ]),
      push,
      unasked,
    );
    expect(verdict).toStrictEqual({
      kind: "changed",
      places: [
        {
          path: "src/upload.py",
          range: [6, 10],
          fate: "moved",
          now: { path: "src/uploads.py", range: [6, 10] },
        },
        { path: "src/server.py", fate: "changed" },
      ],
    });
  });

  it("says nothing when the head is behind where the citations are tracked (an older push, late)", async () => {
    expect(
      await judgeCitations(
        tracked,
        comparison([], { status: "behind", mergeBase: HEAD }),
        push,
        unasked,
      ),
    ).toStrictEqual({ kind: "unknown" });
  });

  it("takes a file past the 300 GitHub lists as unchanged when the payload proves it, and reads it at the head when not", async () => {
    // src/server.py is not among the 300 files, and no pushed commit touched it.
    const cut = comparison([], { filesCut: true });
    const { read, compareFile } = readAtHead();
    expect(
      await judgeCitations(
        { ...tracked, cited: [tracked.cited[1]!] },
        cut,
        push,
        compareFile,
      ),
    ).toStrictEqual({
      kind: "unchanged",
      tracked: { sha: HEAD, cited: [tracked.cited[1]] },
    });
    expect(read).toStrictEqual([]);

    // src/upload.py was touched, so the payload proves nothing: it is read.
    expect(await judgeCitations(tracked, cut, push, compareFile)).toStrictEqual(
      {
        kind: "changed",
        places: [{ path: "src/upload.py", fate: "changed" }],
      },
    );
    expect(read).toStrictEqual(["src/upload.py"]);

    // Tracked at an older commit than the push's `before`: the payload
    // says nothing of the pushes between, so both files are read.
    read.length = 0;
    await judgeCitations(
      tracked,
      cut,
      { ...push, before: "1".repeat(40) },
      compareFile,
    );
    expect(read).toStrictEqual(["src/upload.py", "src/server.py"]);
  });

  it("reads a file listed without a patch at the head, a renamed one at its new path", async () => {
    const { read, compareFile } = readAtHead();
    await judgeCitations(
      tracked,
      comparison([
        {
          path: "src/uploads.py",
          previousPath: "src/upload.py",
          status: "renamed",
          blob: "c".repeat(40),
        },
        { path: "src/server.py", status: "modified", blob: "d".repeat(40) },
      ]),
      push,
      compareFile,
    );
    expect(read).toStrictEqual(["src/uploads.py", "src/server.py"]);
  });

  it("reads every cited file at the head when a force push dropped the answer's commit", async () => {
    const patched = comparison(
      [
        {
          path: "src/upload.py",
          status: "modified",
          patch: "@@ -40 +40 @@\n-x\n+y",
        },
      ],
      { status: "diverged", mergeBase: "f".repeat(40) },
    );
    const forced = { ...push, forced: true, changedPaths: undefined };
    for (const compared of [
      // The diff starts from the merge base, not from the answer's commit.
      patched,
      // The branch was reset to a commit before the answer's.
      comparison([], { status: "behind", mergeBase: HEAD }),
      // GitHub could not compare them at all (404).
      undefined,
    ]) {
      const { read, compareFile } = readAtHead();
      expect(
        await judgeCitations(tracked, compared, forced, compareFile),
      ).toMatchObject({ kind: "changed" });
      expect(read).toStrictEqual(["src/upload.py", "src/server.py"]);
    }
  });
});
