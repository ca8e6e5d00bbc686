import { goldLines } from "../../../src/eval/gold-lines.js";
import { scoreContext } from "../../../src/eval/score-context.js";
import {
  checkAgainstPieces,
  shownLines,
} from "../../../src/eval/shown-lines.js";
import { splitFileLines } from "../../../src/eval/file-lines.js";
import { MAP_HEADER } from "../../../src/retrieval/pack/pack-map.js";
import { METADATA_HEADER } from "../../../src/retrieval/pack/packing-state.js";
import type { PackedPiece } from "../../../src/retrieval/pack/packing-types.js";
import {
  omittedMarker,
  renderFileSection,
} from "../../../src/retrieval/pack/render-context.js";

// Two files of numbered lines, so a wrong line number shows as a wrong text.
const session = Array.from({ length: 40 }, (_, i) =>
  i === 20 ? "" : `session line ${i + 1}`,
);
const adapters = Array.from(
  { length: 12 },
  (_, i) => `    adapters line ${i + 1}`,
);
const files = new Map<string, readonly string[]>([
  ["app/session.py", session],
  ["app/adapters.py", adapters],
  ["app/unused.py", ["x = 1"]],
]);
const fileLines = (path: string) => files.get(path);
const lines = (file: readonly string[], from: number, to: number) =>
  file.slice(from - 1, to).join("\n");

// What the packer renders: session.py with a full piece (3-8) joined to a
// compressed piece (9-30: 9-11 kept, 12-27 dropped, 28-30 kept), then
// adapters.py with a full piece, then one metadata line.
const sessionSection = renderFileSection("app/session.py", 40, [
  {
    startLine: 3,
    endLine: 30,
    text: [
      lines(session, 3, 11),
      omittedMarker("app/session.py", 12, 27, "    "),
      lines(session, 28, 30),
    ].join("\n"),
  },
]);
const adaptersSection = renderFileSection("app/adapters.py", 12, [
  { startLine: 2, endLine: 3, text: lines(adapters, 2, 3) },
  { startLine: 7, endLine: 7, text: lines(adapters, 7, 7) },
]);
const text = [
  sessionSection,
  adaptersSection,
  [METADATA_HEADER, "- app/unused.py:1-1 declares x"].join("\n"),
].join("\n\n");

const piece = (
  path: string,
  startLine: number,
  endLine: number,
  form: PackedPiece["form"],
): PackedPiece => ({
  path,
  startLine,
  endLine,
  form,
  tokens: 0,
  score: 1,
  context: "",
  why: "",
});
const pieces = [
  piece("app/session.py", 3, 8, "full"),
  piece("app/session.py", 9, 30, "compressed"),
  piece("app/adapters.py", 2, 3, "full"),
  piece("app/adapters.py", 7, 7, "full"),
  piece("app/unused.py", 1, 1, "metadata"),
];

describe("shownLines", () => {
  it("counts the lines a compressed piece keeps, not the ones its marker replaces", () => {
    const shown = shownLines(text, fileLines);
    expect([...(shown.byPath.get("app/session.py") ?? [])]).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 28, 29, 30,
    ]);
    // The omission marker the header's gap implies (4-6) is read as well.
    expect([...(shown.byPath.get("app/adapters.py") ?? [])]).toEqual([2, 3, 7]);
    // A metadata line names a file but shows none of it.
    expect(shown.byPath.has("app/unused.py")).toBe(false);
    expect(shown.mismatches).toBe(0);
  });

  it("agrees with the pieces the packer placed", () => {
    expect(checkAgainstPieces(shownLines(text, fileLines), pieces)).toEqual({
      outsidePieces: 0,
      fullNotShown: 0,
    });
  });

  it("does not count a line that differs from the file", () => {
    const edited = text.replace("session line 10\n", "session line ten\n");
    const shown = shownLines(edited, fileLines);
    expect(shown.byPath.get("app/session.py")?.has(10)).toBe(false);
    expect(shown.byPath.get("app/session.py")?.has(11)).toBe(true);
    expect(shown.mismatches).toBe(1);
  });

  it("reads a whole file's header and CRLF text", () => {
    const crlf = splitFileLines("a = 1\r\nb = 2\r\n");
    const whole = renderFileSection("w.py", 2, [
      { startLine: 1, endLine: 2, text: "a = 1\r\nb = 2" },
    ]);
    expect(whole.split("\n")[0]).toBe("w.py (all 2 lines)");
    const shown = shownLines(whole, (p) => (p === "w.py" ? crlf : undefined));
    expect([...(shown.byPath.get("w.py") ?? [])]).toEqual([1, 2]);
  });

  it("reads a marker indented like its code, whatever the whitespace", () => {
    // compressChunk indents a marker with the dropped lines' own indent, /^\s*/:
    // here no-break spaces, as in a reStructuredText tree drawing.
    const tree = [
      "intro",
      "\u00a0\u00a0a",
      "\u00a0\u00a0b",
      "\u00a0\u00a0c",
      "end",
    ];
    const section = renderFileSection("t.rst", 5, [
      {
        startLine: 1,
        endLine: 5,
        text: [
          "intro",
          "\u00a0\u00a0a",
          omittedMarker("t.rst", 3, 4, "\u00a0\u00a0"),
          "end",
        ].join("\n"),
      },
    ]);
    const shown = shownLines(section, (p) =>
      p === "t.rst" ? tree : undefined,
    );
    expect([...(shown.byPath.get("t.rst") ?? [])]).toEqual([1, 2, 5]);
    expect(shown.mismatches).toBe(0);
  });

  it("throws on text it cannot read, rather than measuring nonsense", () => {
    expect(() => shownLines("not a header\n```\nx\n```", fileLines)).toThrow(
      /not a file header/,
    );
    expect(() =>
      shownLines(
        renderFileSection("nope.py", 1, [
          { startLine: 1, endLine: 1, text: "x" },
        ]),
        fileLines,
      ),
    ).toThrow(/did not read/);
  });

  it("counts a copy's lines as shown where each is the shown line's text, and agrees with the piece naming it", () => {
    // adapters.py lines 2-3 are session.py's lines 5-6 indented: a copy.
    const copied = new Map(files);
    copied.set(
      "app/session.py",
      session.map((l, i) => (i === 4 || i === 5 ? adapters[i - 3]!.trim() : l)),
    );
    const copies = [
      {
        lines: [2, 3] as [number, number],
        path: "app/session.py",
        at: [5, 6] as [number, number],
      },
    ];
    const section = renderFileSection(
      "app/adapters.py",
      12,
      [{ startLine: 2, endLine: 3, text: lines(adapters, 2, 3) }],
      copies,
    );
    expect(section.split("\n")[1]).toBe(
      "Lines 2-3 are also at app/session.py:5-6 (same text).",
    );
    const shown = shownLines(section, (p) => copied.get(p));
    expect([...(shown.byPath.get("app/session.py") ?? [])]).toEqual([5, 6]);
    expect(shown.mismatches).toBe(0);
    expect(
      checkAgainstPieces(shown, [
        { ...piece("app/adapters.py", 2, 3, "full"), copies },
      ]),
    ).toEqual({ outsidePieces: 0, fullNotShown: 0 });
    // A note whose lines are not the same text counts nothing, as a mismatch.
    const wrong = shownLines(section, fileLines);
    expect(wrong.byPath.get("app/session.py")?.size ?? 0).toBe(0);
    expect(wrong.mismatches).toBe(2);
  });

  it("reports a full piece whose lines are missing from the text", () => {
    const shown = shownLines(sessionSection, fileLines);
    expect(checkAgainstPieces(shown, pieces)).toEqual({
      outsidePieces: 0,
      fullNotShown: 3,
    });
  });
});

describe("goldLines and scoreContext", () => {
  it("skips blank lines and pure insertions, and scores found files and lines", () => {
    const gold = goldLines(
      {
        "app/session.py": [
          [19, 4], // 19, 20, 21 (blank), 22: dropped by the marker
          [29, 0], // a pure insertion: no line
          [30, 2], // 30 shown, 31 not
        ],
        "app/adapters.py": [[1, 3]],
        "app/missing.py": [[1, 1]],
      },
      fileLines,
    );
    expect(gold.blank).toBe(1);
    expect(gold.missingFiles).toEqual(["app/missing.py"]);
    expect(gold.lines.map((g) => `${g.path}:${g.line}`)).toEqual([
      "app/session.py:19",
      "app/session.py:20",
      "app/session.py:22",
      "app/session.py:30",
      "app/session.py:31",
      "app/adapters.py:1",
      "app/adapters.py:2",
      "app/adapters.py:3",
    ]);

    const score = scoreContext(
      shownLines(text, fileLines),
      ["app/session.py", "app/adapters.py", "app/unused.py"],
      gold.lines,
    );
    expect(score).toEqual({
      goldFiles: 3,
      filesFound: 2,
      filesWithBody: 2,
      goldLines: 8,
      linesFound: 3, // session 30, adapters 2 and 3
      found: ["app/session.py", "app/adapters.py"],
    });
  });
});

describe("the map in a packed context", () => {
  const mapped = [
    adaptersSection,
    [
      MAP_HEADER,
      "- app/session.py:5: session line 5",
      "- app/unused.py:1: x = 2",
    ].join("\n"),
  ].join("\n\n");

  it("counts a signature line shown verbatim as shown, apart from the bodies, and a line that differs as a mismatch", () => {
    const shown = shownLines(mapped, fileLines);
    expect(shown.byPath.get("app/session.py")).toStrictEqual(new Set([5]));
    expect(shown.signaturesByPath.get("app/session.py")).toStrictEqual(
      new Set([5]),
    );
    expect(shown.signaturesByPath.has("app/adapters.py")).toBe(false);
    expect(shown.byPath.has("app/unused.py")).toBe(false);
    expect(shown.mismatches).toBe(1);
  });

  it("scores a file shown only by a signature line as found, not as shown with a body, and its signature line as no shown gold line", () => {
    const score = scoreContext(
      shownLines(mapped, fileLines),
      ["app/session.py", "app/adapters.py"],
      [{ path: "app/session.py", line: 5 }],
    );
    expect(score.filesFound).toBe(2);
    expect(score.filesWithBody).toBe(1);
    expect(score.goldLines).toBe(1);
    expect(score.linesFound).toBe(0);
  });
});
