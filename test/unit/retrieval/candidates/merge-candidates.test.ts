import { mergeCandidates } from "../../../../src/retrieval/candidates/merge-candidates.js";

const sizes: Record<string, number> = {
  "named.py": 100,
  "code1.py": 100,
  "code2.py": 100,
  "path1.py": 100,
  "path2.py": 100,
  "big.py": 900,
};
const sizeOf = (path: string) => sizes[path];

describe("mergeCandidates", () => {
  it("puts named files first, then code search and path search in turns, each file once under its first source", () => {
    const merged = mergeCandidates(
      {
        named: ["named.py"],
        codeSearch: ["code1.py", "named.py", "code2.py"],
        pathSearch: ["path1.py", "code1.py", "path2.py"],
      },
      sizeOf,
      { maxFiles: 10, maxBytes: 10_000 },
    );
    expect(merged).toEqual([
      { path: "named.py", source: "named" },
      { path: "code1.py", source: "code-search" },
      { path: "path1.py", source: "path-search" },
      { path: "code2.py", source: "code-search" },
      { path: "path2.py", source: "path-search" },
    ]);
  });

  it("stops at maxFiles", () => {
    const merged = mergeCandidates(
      {
        named: [],
        codeSearch: ["code1.py", "code2.py"],
        pathSearch: ["path1.py", "path2.py"],
      },
      sizeOf,
      { maxFiles: 3, maxBytes: 10_000 },
    );
    expect(merged.map((c) => c.path)).toEqual([
      "code1.py",
      "path1.py",
      "code2.py",
    ]);
  });

  it("passes over a file that would pass the byte budget for smaller ones after it, and counts an unknown size as given", () => {
    const merged = mergeCandidates(
      {
        named: ["named.py"],
        codeSearch: ["big.py", "unlisted.py", "code1.py"],
        pathSearch: ["path1.py"],
      },
      sizeOf,
      { maxFiles: 10, maxBytes: 350 },
      200,
    );
    // named 100 + path1 100 + code1 100 = 300; big (900) and unlisted (200) would pass 350.
    expect(merged.map((c) => c.path)).toEqual([
      "named.py",
      "path1.py",
      "code1.py",
    ]);
  });
});
