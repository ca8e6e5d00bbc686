import {
  formatRanges,
  renderFileSection,
} from "../../../../src/retrieval/pack/render-context.js";

describe("renderFileSection", () => {
  it("shows the ranges in the header and marks the gaps between blocks", () => {
    expect(
      renderFileSection("app/session.py", 300, [
        {
          startLine: 41,
          endLine: 43,
          text: "    def close(self):\n        self.pool.clear()\n        return None",
        },
        {
          startLine: 90,
          endLine: 91,
          text: "    def open(self):\n        return self.pool.get()",
        },
      ]),
    ).toMatchInlineSnapshot(`
"app/session.py (lines 41-43, 90-91 of 300)
\`\`\`python
    def close(self):
        self.pool.clear()
        return None
    # … lines 44-89 omitted
    def open(self):
        return self.pool.get()
\`\`\`"
`);
  });

  it("says when the whole file is shown, and fences content that holds a fence", () => {
    expect(
      renderFileSection("README.md", 3, [
        { startLine: 1, endLine: 3, text: "# Title\n```sh\nnpm test" },
      ]),
    ).toMatchInlineSnapshot(`
"README.md (all 3 lines)
\`\`\`\`markdown
# Title
\`\`\`sh
npm test
\`\`\`\`"
`);
  });
  it("names the language as GitHub does, and leaves a file of no known language unnamed", () => {
    const fenceLine = (path: string) =>
      renderFileSection(path, 1, [
        { startLine: 1, endLine: 1, text: "x" },
      ]).split("\n")[1];
    expect(fenceLine("src/walk.rs")).toBe("```rust");
    expect(fenceLine("include/fmt/core.h")).toBe("```c");
    expect(fenceLine("Dockerfile")).toBe("```dockerfile");
    // The header already names the file; a made-up tag would only be noise.
    expect(fenceLine("data/fixture.weird")).toBe("```");
    expect(fenceLine("LICENSE")).toBe("```");
  });
});

describe("formatRanges", () => {
  it("writes single lines and ranges", () => {
    expect(
      formatRanges([
        [1, 1],
        [4, 9],
      ]),
    ).toBe("1, 4-9");
  });
});
