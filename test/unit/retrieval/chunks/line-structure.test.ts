import {
  fileLines,
  lineAt,
  lineStructure,
} from "../../../../src/retrieval/chunks/line-structure.js";

describe("fileLines", () => {
  it("finds line starts with or without a final newline, and turns CRLF into LF", () => {
    const a = fileLines("ab\ncd\n");
    expect(a.count).toBe(2);
    expect([lineAt(a, 0), lineAt(a, 1)]).toEqual(["ab", "cd"]);
    const b = fileLines("ab\r\ncd");
    expect(b.count).toBe(2);
    expect([lineAt(b, 0), lineAt(b, 1)]).toEqual(["ab", "cd"]);
    expect(fileLines("").count).toBe(0);
    expect(fileLines("\n\n").count).toBe(2);
  });
});

describe("lineStructure", () => {
  const structure = (text: string, language: "python" | "javascript") => {
    const s = lineStructure(fileLines(text), language);
    return text
      .split("\n")
      .map(
        (_, i) =>
          `${s.indent[i]}${s.blank[i] ? "b" : ""}${s.comment[i] ? "c" : ""}${s.inside[i] ? "i" : ""}`,
      );
  };

  it("marks Python continuation lines, docstrings and comments", () => {
    expect(
      structure(
        [
          "def f(a,",
          "      b):",
          '    """Doc',
          "    def not_real():",
          '    """',
          "    # note",
          "",
          '    x = "(" \\',
          "        + y",
        ].join("\n"),
        "python",
      ),
    ).toEqual(["0", "6i", "4", "4i", "4i", "4c", "0b", "4", "8i"]);
  });

  it("marks JavaScript block comments and template literals, but not brace bodies", () => {
    expect(
      structure(
        [
          "/**",
          " * Doc",
          " */",
          "function f() {",
          "  return `a",
          "b`;",
          "}",
          "call(",
          "  1);",
        ].join("\n"),
        "javascript",
      ),
    ).toEqual(["0c", "1ci", "1ci", "0", "2", "0i", "0", "0", "2i"]);
  });
});
