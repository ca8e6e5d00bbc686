import { createFileIndex } from "../../../../src/code-host/file-set/file-index.js";
import type { FileSourceEntry } from "../../../../src/code-host/file-set/file-source.js";

const file = (path: string, size = 1): FileSourceEntry => ({
  path,
  type: "file",
  size,
});

describe("createFileIndex", () => {
  it("indexes a listing kept across readers once (askcode mcp keeps it by the tree's stamp)", () => {
    const listing = [
      file("src/app.py"),
      file("src/util/io.py"),
      file("README.md"),
    ];
    const first = createFileIndex(listing);
    expect(createFileIndex(listing)).toBe(first);
    expect(first.children("src").map((e) => e.path)).toStrictEqual([
      "src/util",
      "src/app.py",
    ]);
  });

  it("indexes a new listing of the same paths anew: an edit is seen", () => {
    const before = createFileIndex([file("src/app.py", 1)]);
    const after = createFileIndex([file("src/app.py", 7), file("src/new.py")]);
    expect(after).not.toBe(before);
    expect(after.entries.get("src/app.py")?.size).toBe(7);
    expect(after.children("src").map((e) => e.path)).toStrictEqual([
      "src/app.py",
      "src/new.py",
    ]);
    expect(before.entries.get("src/app.py")?.size).toBe(1);
  });
});
