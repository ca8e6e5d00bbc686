import {
  formatRanges,
  renderFileSection,
} from "../../../src/retrieval/render-context.js";

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
\`\`\`\`md
# Title
\`\`\`sh
npm test
\`\`\`\`"
`);
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
