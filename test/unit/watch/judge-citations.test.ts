import type { CommitComparison } from "../../../src/code-host/github/compare-commits.js";
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
  it("moves the citations to the head, with the new blob, when the push changed their files elsewhere", () => {
    const verdict = judgeCitations(
      tracked,
      comparison([
        {
          path: "src/upload.py",
          status: "modified",
          blob: "c".repeat(40),
          patch: "@@ -20,2 +20,3 @@\n a\n+b\n c",
        },
      ]),
      HEAD,
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

  it("names each place changed, moved or deleted", () => {
    const verdict = judgeCitations(
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
      HEAD,
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

  it("follows a renamed file, and counts a whole-file citation changed by any change", () => {
    const verdict = judgeCitations(
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
      HEAD,
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

  it("counts a file without a patch, or listed after a force push, as changed; an unlisted file in a cut list too", () => {
    const noPatch = judgeCitations(
      tracked,
      comparison([{ path: "src/server.py", status: "modified" }]),
      HEAD,
    );
    expect(noPatch).toStrictEqual({
      kind: "changed",
      places: [{ path: "src/server.py", fate: "changed" }],
    });
    const forced = judgeCitations(
      tracked,
      comparison(
        [
          {
            path: "src/upload.py",
            status: "modified",
            patch: "@@ -40 +40 @@\n-x\n+y",
          },
        ],
        { status: "diverged", mergeBase: "f".repeat(40) },
      ),
      HEAD,
    );
    expect(forced).toMatchObject({
      kind: "changed",
      places: [{ path: "src/upload.py", range: [6, 10], fate: "changed" }],
    });
    const cut = judgeCitations(
      tracked,
      comparison([], { filesCut: true }),
      HEAD,
    );
    expect(cut).toMatchObject({ kind: "changed" });
  });

  it("says nothing when the head is behind where the citations are tracked (an older push, late)", () => {
    expect(
      judgeCitations(tracked, comparison([], { status: "behind" }), HEAD),
    ).toStrictEqual({ kind: "unknown" });
  });
});
