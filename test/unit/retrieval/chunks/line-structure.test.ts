import {
  fileLines,
  lineAt,
  lineStructure,
} from "../../../../src/retrieval/chunks/line-structure.js";
import type { Language } from "../../../../src/text/languages.js";

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
  const structure = (text: string, language: Language) => {
    const s = lineStructure(fileLines(text), language);
    return text
      .split("\n")
      .map(
        (_, i) =>
          `${s.indent[i]}${s.blank[i] ? "b" : ""}${s.comment[i] ? "c" : ""}${s.inside[i] ? "i" : ""}`,
      );
  };

  it("marks JavaScript continuation lines and line comments, not brackets in strings or comments", () => {
    expect(
      structure(
        [
          "function f(a,",
          "           b) {",
          "  // note (",
          '  const x = "(" + y; // [',
          "  return [",
          "    x];",
          "",
          "}",
        ].join("\n"),
        "javascript",
      ),
    ).toEqual(["0", "11i", "2c", "2", "2", "4i", "0b", "0"]);
  });

  it("fills in only indent and blank lines for text", () => {
    expect(
      structure(["# Title (", "  // x", "", "call("].join("\n"), "text"),
    ).toEqual(["0", "2", "0b", "0"]);
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
