import {
  blankLines,
  fileLines,
  type FileLines,
} from "../../../../src/retrieval/chunks/file-lines.js";

/** Each line's text, read from where `fileLines` says the lines start. */
const texts = (lines: FileLines): string[] =>
  Array.from({ length: lines.count }, (_, i) =>
    lines.text.slice(lines.starts[i], (lines.starts[i + 1] as number) - 1),
  );

describe("fileLines", () => {
  it("finds line starts with or without a final newline, and turns CRLF into LF", () => {
    const a = fileLines("ab\ncd\n");
    expect(a.count).toBe(2);
    expect(texts(a)).toEqual(["ab", "cd"]);
    const b = fileLines("ab\r\ncd");
    expect(b.count).toBe(2);
    expect(texts(b)).toEqual(["ab", "cd"]);
    expect(fileLines("").count).toBe(0);
    expect(fileLines("\n\n").count).toBe(2);
  });
});

describe("blankLines", () => {
  it("marks empty and whitespace-only lines, the last one without a newline too", () => {
    expect([...blankLines(fileLines("a\n\n \t\n  b\n"))]).toEqual([0, 1, 1, 0]);
    expect([...blankLines(fileLines("a\n  "))]).toEqual([0, 1]);
    expect([...blankLines(fileLines(""))]).toEqual([]);
  });
});
