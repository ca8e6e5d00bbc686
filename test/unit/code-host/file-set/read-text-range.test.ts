import { readTextRange } from "../../../../src/code-host/file-set/read-text-range.js";

const text = "one\ntwo\nthree\nfour\nfive\n";
const file = {
  path: "a.txt",
  text,
  size: Buffer.byteLength(text),
  maxBytes: 1024,
};

describe("readTextRange", () => {
  it("returns the whole file by default, without a phantom line after the final newline", () => {
    expect(readTextRange(file)).toEqual({
      kind: "text",
      path: "a.txt",
      size: 24,
      text: "one\ntwo\nthree\nfour\nfive",
      startLine: 1,
      endLine: 5,
      totalLines: 5,
      truncated: false,
    });
  });

  it("returns a 1-based inclusive line range", () => {
    expect(readTextRange(file, { startLine: 2, endLine: 3 })).toMatchObject({
      text: "two\nthree",
      startLine: 2,
      endLine: 3,
    });
  });

  it("clamps a range that runs past either end", () => {
    expect(readTextRange(file, { startLine: -4, endLine: 500 })).toMatchObject({
      startLine: 1,
      endLine: 5,
      truncated: false,
    });
  });

  it("says so when startLine is past the end", () => {
    const result = readTextRange(file, { startLine: 9 });
    expect(result).toMatchObject({ text: "", startLine: 9, endLine: 5 });
    expect(result.note).toBe(
      "The file has 5 lines; startLine 9 is past its end.",
    );
  });

  it("returns the start line alone when endLine is before it", () => {
    const result = readTextRange(file, { startLine: 4, endLine: 2 });
    expect(result).toMatchObject({ text: "four", startLine: 4, endLine: 4 });
    expect(result.note).toBe(
      "endLine 2 is before startLine 4; returned line 4 only.",
    );
  });

  it("drops carriage returns of CRLF files", () => {
    expect(readTextRange({ ...file, text: "a\r\nb\r\n" }).text).toBe("a\nb");
  });

  it("cuts at the byte limit on a line boundary and says where to read on", () => {
    const result = readTextRange({ ...file, maxBytes: 10 });
    // "one\ntwo" is 7 bytes; adding "\nthree" would make 13.
    expect(result).toMatchObject({
      text: "one\ntwo",
      startLine: 1,
      endLine: 2,
      totalLines: 5,
      truncated: true,
    });
    expect(result.note).toBe(
      "Cut at the 10 bytes read limit after line 2 of 5; read on with startLine 3.",
    );
    const next = readTextRange({ ...file, maxBytes: 10 }, { startLine: 3 });
    expect(next).toMatchObject({
      text: "three\nfour",
      startLine: 3,
      endLine: 4,
      truncated: true,
    });
  });

  it("cuts a single over-long line at a character boundary", () => {
    const result = readTextRange({
      path: "min.js",
      text: "ééééé\nnext\n",
      size: 16,
      maxBytes: 5,
    });
    expect(result).toMatchObject({
      text: "éé",
      startLine: 1,
      endLine: 1,
      truncated: true,
    });
    expect(result.note).toBe(
      "Line 1 alone is over the 5 bytes read limit; it was cut there. Read on with startLine 2.",
    );
  });

  it("reads an empty file as zero lines", () => {
    expect(readTextRange({ ...file, text: "", size: 0 })).toMatchObject({
      text: "",
      totalLines: 0,
      truncated: false,
    });
  });
});

describe("readTextRange of a whole file", () => {
  it.each([
    ["one line with a newline", "a\n"],
    ["one line without", "a"],
    ["a lone newline", "\n"],
    ["blank lines", "\n\nx\n\n\n"],
    ["no final newline", "def f():\n    return 1"],
    ["non-ASCII", "é = 'ünïcode'\n# ✓ done\n"],
    ["carriage returns", "a\r\nb\r\n"],
    ["empty", ""],
    ["over the limit", "x".repeat(40) + "\n" + "y".repeat(40) + "\n"],
  ])("gives what reading from line 1 gives: %s", (_case, text) => {
    const input = {
      path: "a.py",
      text,
      size: Buffer.byteLength(text),
      blobSha: "3b18e512dba79e4c8300dd08aeb37f8e728b8dad",
      maxBytes: 64,
    };
    expect(readTextRange(input)).toStrictEqual(
      readTextRange(input, { startLine: 1 }),
    );
  });
});
