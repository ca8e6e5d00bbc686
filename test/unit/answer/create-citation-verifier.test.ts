import type { CodeReader } from "../../../src/code-host/code-host.js";
import { createCitationVerifier } from "../../../src/answer/create-citation-verifier.js";
import { createSeenRanges } from "../../../src/answer/seen-ranges.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";

const files = {
  "src/a.ts": "1\n2\n3\n4\n5\n6\n7\n8\n9\n10",
  "docs/b.md": "# B",
};

describe("createCitationVerifier", () => {
  it("lists the tree once and reads a file only when lines are cited", async () => {
    const reader = createMemoryCodeReader(files);
    let listings = 0;
    const counting: CodeReader = {
      ...reader,
      listTree: () => (listings++, reader.listTree()),
    };
    const seen = createSeenRanges();
    seen.add("src/a.ts", [1, 10]);
    const verify = createCitationVerifier(counting, seen);
    await Promise.all([
      verify("src/a.ts"),
      verify("src/a.ts", [2, 3]),
      verify("src/a.ts", [4, 4]),
    ]);
    expect(listings).toBe(1);
    expect(reader.reads).toEqual(["src/a.ts"]);
  });

  it("falls back to reading when the tree is cut short", async () => {
    const reader = createMemoryCodeReader(files);
    const truncated: CodeReader = {
      ...reader,
      listTree: async () => ({ sha: reader.sha, entries: [], truncated: true }),
    };
    const seen = createSeenRanges();
    seen.add("src/a.ts", [1, 10]);
    const verify = createCitationVerifier(truncated, seen);
    await expect(verify("src/a.ts", [2, 3])).resolves.toEqual({
      status: "kept",
      path: "src/a.ts",
      range: [2, 3],
    });
    await expect(verify("src/zz.ts")).resolves.toMatchObject({
      status: "removed",
      code: "missing",
    });
  });

  it("treats a file it cannot read as not found, rather than failing the answer", async () => {
    const reader = createMemoryCodeReader(files);
    const failing: CodeReader = {
      ...reader,
      listTree: async () => {
        throw new Error("502");
      },
      readFile: async () => {
        throw new Error("502");
      },
    };
    const seen = createSeenRanges();
    seen.add("src/a.ts", [1, 10]);
    await expect(
      createCitationVerifier(failing, seen)("src/a.ts", [1, 2]),
    ).resolves.toMatchObject({
      status: "removed",
      code: "missing",
    });
  });

  it("turns a reversed range around and clamps line 0 to 1", async () => {
    const seen = createSeenRanges();
    seen.add("src/a.ts", [1, 10]);
    const verify = createCitationVerifier(createMemoryCodeReader(files), seen);
    await expect(verify("src/a.ts", [5, 2])).resolves.toMatchObject({
      status: "corrected",
      range: [2, 5],
    });
    await expect(verify("src/a.ts", [0, 2])).resolves.toMatchObject({
      status: "corrected",
      range: [1, 2],
    });
  });

  it("prefers a case-exact suffix, then accepts a unique case-insensitive one", async () => {
    const seen = createSeenRanges();
    seen.add("src/a.ts", [1, 10]);
    const verify = createCitationVerifier(createMemoryCodeReader(files), seen);
    await expect(verify("A.ts")).resolves.toMatchObject({
      status: "corrected",
      path: "src/a.ts",
    });
    await expect(verify("./src//a.ts")).resolves.toEqual({
      status: "kept",
      path: "src/a.ts",
    });
  });

  it("removes lines that straddle two shown ranges, since lines between were never shown", async () => {
    const seen = createSeenRanges();
    seen.add("src/a.ts", [1, 3]);
    seen.add("src/a.ts", [7, 9]);
    const verify = createCitationVerifier(createMemoryCodeReader(files), seen);
    await expect(verify("src/a.ts", [2, 8])).resolves.toMatchObject({
      status: "removed",
      code: "lines",
    });
    await expect(verify("src/a.ts", [8, 12])).resolves.toMatchObject({
      status: "corrected",
      range: [8, 9],
    });
  });
});
