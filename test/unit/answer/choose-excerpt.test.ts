import { chooseExcerpt } from "../../../src/answer/choose-excerpt.js";

const method = [
  "  /**",
  "   * Uploads a file, retrying when it fails.",
  "   */",
  "  async upload(file) {",
  "    const body = await read(file);",
  "",
  "    for (let attempt = 0; ; attempt++) {",
  "      const status = await this.send(body);",
  "      if (!shouldRetry(status, attempt)) return status;",
  "    }",
  "  }",
].join("\n");

describe("chooseExcerpt", () => {
  it("shows a short place whole, dedented", () => {
    expect(
      chooseExcerpt({ text: "    a()\n      b()", startLine: 5 }, [], 8),
    ).toEqual({
      text: "a()\n  b()",
      range: [5, 6],
      partial: false,
    });
  });

  it("picks the window where the question's terms are used in code, not just described", () => {
    const excerpt = chooseExcerpt(
      { text: method, startLine: 40 },
      ["retry", "attempt"],
      4,
    );
    expect(excerpt).toEqual({
      text: [
        "for (let attempt = 0; ; attempt++) {",
        "  const status = await this.send(body);",
        "  if (!shouldRetry(status, attempt)) return status;",
        "}",
      ].join("\n"),
      range: [46, 49],
      partial: true,
    });
  });

  it("starts at the first line of code when nothing in particular matches", () => {
    expect(chooseExcerpt({ text: method, startLine: 1 }, [], 3).range).toEqual([
      4, 5,
    ]);
  });
});
