import { diffLines } from "../../../src/watch/diff-lines.js";
import { rangeFate, readPatch } from "../../../src/watch/patch-changes.js";

/** `count` numbered lines, "line 1" to "line <count>". */
function numbered(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `line ${i + 1}`);
}

describe("diffLines", () => {
  it("reads as GitHub's patch of the same change does", () => {
    const before = "a\nb\nc\nd";
    const after = "a\nB\nC\nc\nd";
    // The patch git writes for this change.
    const patch = "@@ -1,4 +1,5 @@\n a\n-b\n+B\n+C\n c\n d";
    expect(diffLines(before, after)).toStrictEqual(readPatch(patch));
  });

  it("counts lines as git does: a last line that gains its newline changed, an empty file has none", () => {
    // The hunks `git diff --no-index` writes for each change.
    expect(diffLines("a\nb", "a\nb\nc\n")).toStrictEqual(
      readPatch(
        "@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c",
      ),
    );
    expect(diffLines("", "a\nb\n")).toStrictEqual(
      readPatch("@@ -0,0 +1,2 @@\n+a\n+b"),
    );
    expect(diffLines("", "a\nb\n")).toStrictEqual({
      removed: [],
      insertedBefore: [1, 1],
    });
  });

  it("finds a shortest script: lines kept between two edits only move", () => {
    const before = numbered(30);
    const after = [...before];
    after.splice(25, 1, "changed 26");
    after.splice(2, 0, "new A", "new B");
    const changes = diffLines(before.join("\n"), after.join("\n"));
    // As in a patch, a line replaced is removed, then added after it.
    expect(changes).toStrictEqual({
      removed: [26],
      insertedBefore: [3, 3, 27],
    });
    expect(rangeFate([10, 20], changes)).toStrictEqual({
      fate: "moved",
      to: [12, 22],
    });
    expect(rangeFate([24, 27], changes)).toStrictEqual({ fate: "changed" });
  });

  it("says nothing of identical text, and all of a text that replaced another", () => {
    expect(diffLines("x\ny", "x\ny")).toStrictEqual({
      removed: [],
      insertedBefore: [],
    });
    expect(diffLines("a\nb", "c")).toStrictEqual({
      removed: [1, 2],
      insertedBefore: [3],
    });
  });

  it("past its bound on edits, counts the lines between the common start and end as replaced", () => {
    // 1,500 lines each changed: more edits than the search allows.
    const before = ["head", ...numbered(1500), "tail"];
    const after = ["head", ...numbered(1500).map((l) => `${l}!`), "tail"];
    const changes = diffLines(before.join("\n"), after.join("\n"));
    expect(changes.removed).toStrictEqual(
      Array.from({ length: 1500 }, (_, i) => i + 2),
    );
    expect(changes.insertedBefore).toStrictEqual(
      Array.from({ length: 1500 }, () => 1502),
    );
    expect(rangeFate([1, 1], changes)).toStrictEqual({ fate: "same" });
    expect(rangeFate([1502, 1502], changes)).toStrictEqual({ fate: "same" });
    expect(rangeFate([1501, 1502], changes)).toStrictEqual({ fate: "changed" });
  });

  it("past its bound, still counts a last line that gained its newline as changed", () => {
    const before = numbered(1500);
    const after = numbered(1500).map((l) => `${l}!`);
    const changes = diffLines(
      ["head", ...before, "tail"].join("\n"),
      ["head", ...after, "tail\n"].join("\n"),
    );
    expect(changes.removed).toStrictEqual(
      Array.from({ length: 1501 }, (_, i) => i + 2),
    );
    expect(changes.insertedBefore).toStrictEqual(
      Array.from({ length: 1501 }, () => 1503),
    );
    expect(rangeFate([1, 1], changes)).toStrictEqual({ fate: "same" });
  });
});
