import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { packContext } from "../../../../src/retrieval/pack/pack-context.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { rankChunks } from "../../../../src/retrieval/rank/rank-chunks.js";
import { SET_ASIDE_FACTOR } from "../../../../src/retrieval/rank/rank-weights.js";
import {
  fileAuthorship,
  shareFileAuthorship,
} from "../../../../src/retrieval/rank/set-aside-files.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

// A C library: eight sources, one file that a script concatenates from them
// (as sqlite ships sqlite3.c, or nlohmann/json a single header), a man page a tool
// wrote from the README, two versions of a legacy decoder side by side, a
// table generator's output marked in .gitattributes.
const fn = (name: string, body: string) => [
  `int ${name}(const char *in, char *out, int size)`,
  "{",
  "    int written = 0;",
  `    for (int i = 0; in[i] != '\\0' && written < size - 1; i++) {`,
  `        ${body}`,
  "        out[written++] = in[i];",
  "    }",
  "    out[written] = '\\0';",
  "    return written;",
  "}",
  "",
];
// Eight sources of two functions each: an amalgamation repeats many files.
const SOURCES: Record<string, string[]> = {
  "src/escape.c": [
    ...fn("escape_quote", `if (in[i] == '"') out[written++] = '\\\\';`),
    ...fn("escape_newline", `if (in[i] == '\\n') out[written++] = '\\\\';`),
  ],
  ...Object.fromEntries(
    ["parse", "emit", "read", "write", "hash", "alloc", "error"].map(
      (name, k) => [
        `src/${name}.c`,
        [
          ...fn(`${name}_first`, `if (in[i] == '${k}') continue;`),
          ...fn(`${name}_second`, `if (in[i] == '${k + 1}') break;`),
        ],
      ],
    ),
  ),
};
const legacy = (version: number) => [
  ...fn("legacy_read_header", "if (in[i] == '#') continue;"),
  ...fn("legacy_read_block", "if (in[i] == '@') continue;"),
  ...fn(`legacy_v${version}_frame`, `if (in[i] == '${version}') continue;`),
];
const files: SourceFile[] = [
  ...Object.entries(SOURCES).map(([path, lines]) => ({
    path,
    text: lines.join("\n"),
  })),
  {
    path: "single/lib.c",
    text: [
      "/* lib.c: the whole library in one file, for embedding. */",
      "#include <stdio.h>",
      "",
      ...Object.values(SOURCES).flat(),
      "",
    ].join("\n"),
  },
  // An old release of the single file, pinned by an ABI test: it shares
  // more with the new one than any source does.
  {
    path: "tests/abi/lib_v1.c",
    text: [
      "/* lib.c 1.0, kept to test the ABI. */",
      "#include <stdio.h>",
      "",
      ...Object.values(SOURCES).flat().slice(0, -22),
    ].join("\n"),
  },
  {
    path: "man/lib.1",
    text: [
      '.\\" generated with Ronn-NG/v0.9.1',
      '.TH "LIB" "1" "May 2024"',
      ".SH NAME",
      "lib \\- escape_quote escapes a quote with a backslash",
      ".SH DESCRIPTION",
      "escape_quote writes a backslash before each quote; escape_quote never escapes a backslash.",
      "",
    ].join("\n"),
  },
  { path: "legacy/v1.c", text: legacy(1).join("\n") },
  { path: "legacy/v2.c", text: legacy(2).join("\n") },
  { path: "gen/tables.c", text: fn("table_lookup", "continue;").join("\n") },
  { path: "notes/design.c", text: fn("design_sketch", "continue;").join("\n") },
  {
    path: "assets/complete.c",
    text: fn("complete_word", "continue;").join("\n"),
  },
  {
    path: ".gitattributes",
    text: "gen/*.c linguist-generated\nnotes/** linguist-documentation\nassets/** linguist-vendored\n",
  },
];

let index: ReturnType<typeof indexRepository>;
beforeAll(async () => {
  await loadGrammarsFor(files);
  index = indexRepository(files, { maxTokens: 200, mergeTokens: 1 });
});
const idOf = (path: string) => index.byPath.get(path) as number;

describe("fileAuthorship", () => {
  it("sets aside the files that repeat the sources (an old copy of the amalgamation does not hide the new one), the man page a tool wrote, and what .gitattributes marks", () => {
    const { setAside, documentation } = fileAuthorship(index);
    expect(
      Object.fromEntries(
        [...setAside].map(([id, r]) => [index.files[id]?.path, r]),
      ),
    ).toStrictEqual({
      "single/lib.c": {
        kind: "generated",
        why: "repeats 16 of its 17 chunks from 9 other files, such as tests/abi/lib_v1.c",
      },
      "tests/abi/lib_v1.c": {
        kind: "generated",
        why: "repeats 14 of its 15 chunks from 8 other files, such as single/lib.c",
      },
      "man/lib.1": {
        kind: "generated",
        why: 'first lines say "generated with"',
      },
      "gen/tables.c": {
        kind: "generated",
        why: ".gitattributes marks it linguist-generated",
      },
    });
    expect([...documentation]).toStrictEqual([
      [idOf("notes/design.c"), "linguist-documentation"],
      [idOf("assets/complete.c"), "linguist-vendored"],
    ]);
  });

  it("keeps versions side by side and the sources an amalgamation repeats: people edit them", () => {
    const { setAside } = fileAuthorship(index);
    for (const path of ["legacy/v1.c", "legacy/v2.c", "src/escape.c"])
      expect(setAside.has(idOf(path))).toBe(false);
  });

  it("applies Linguist's rules once to an index of the same files cut anew, and finds its amalgamations on its own chunks", () => {
    const again = indexRepository(files, { maxTokens: 200, mergeTokens: 1 });
    fileAuthorship(index);
    shareFileAuthorship(index, again);
    // The man page's first lines are not read again.
    again.files[idOf("man/lib.1")]!.text = "lib(1)\n";

    expect(fileAuthorship(again)).toStrictEqual(fileAuthorship(index));
  });
});

describe("ranking set-aside files", () => {
  const question =
    "escape_quote does not escape a backslash before a quote in the output";

  it("ranks the source above its copy in the amalgamation and above the generated man page, and says why", () => {
    const { ranked } = rankChunks(index, analyzeQuery(question));
    const at = (path: string) => ranked.findIndex((r) => r.chunk.path === path);
    expect(ranked[0]?.chunk.path).toBe("src/escape.c");
    expect(at("single/lib.c")).toBeGreaterThan(at("src/escape.c"));
    expect(at("man/lib.1")).toBeGreaterThan(at("src/escape.c"));
    const copy = ranked[at("single/lib.c")]!;
    expect(copy.score).toBeCloseTo(ranked[0]!.score * SET_ASIDE_FACTOR, 6);
    const man = ranked[at("man/lib.1")]!;
    expect(man.why.find((w) => w.kind === "set-aside")?.detail).toBe(
      `generated: first lines say "generated with" ×${SET_ASIDE_FACTOR}`,
    );
    // The contributions still add up to the score.
    const sum = man.why.reduce((s, w) => s + w.points, 0);
    expect(sum).toBeCloseTo(man.score, 6);
  });

  it("ranks every file by its path's kind alone with setAside: false (a benchmark's before)", () => {
    const { ranked } = rankChunks(index, analyzeQuery(question), {
      setAside: false,
    });
    const man = ranked.find((r) => r.chunk.path === "man/lib.1")!;
    expect(man.why.some((w) => w.kind === "set-aside")).toBe(false);
  });

  it("does not set aside a file the question names (a stack frame in the amalgamation)", () => {
    const { ranked } = rankChunks(
      index,
      analyzeQuery(`${question}\n    at escape_quote (single/lib.c:9)`),
    );
    const frame = ranked.find((r) => r.chunk.path === "single/lib.c")!;
    expect(frame.why.some((w) => w.kind === "set-aside")).toBe(false);
    expect(frame.why.some((w) => w.kind === "place")).toBe(true);
  });

  it("ranks a file .gitattributes marks linguist-documentation or linguist-vendored as docs, not set aside", () => {
    const { ranked } = rankChunks(
      index,
      analyzeQuery("design_sketch and complete_word"),
    );
    const design = ranked.find((r) => r.chunk.path === "notes/design.c")!;
    expect(design.why.find((w) => w.kind === "file-kind")?.detail).toBe(
      "docs (.gitattributes linguist-documentation) file ×0.5",
    );
    const assets = ranked.find((r) => r.chunk.path === "assets/complete.c")!;
    expect(assets.why.find((w) => w.kind === "file-kind")?.detail).toBe(
      "docs (.gitattributes linguist-vendored) file ×0.5",
    );
    expect(assets.why.some((w) => w.kind === "set-aside")).toBe(false);
  });

  it("names what was set aside, and why, in the packing report", () => {
    const { ranked, available } = rankChunks(index, analyzeQuery(question));
    const lines = new Map(index.files.map((f) => [f.path, f.lineCount]));
    const packed = packContext({
      ranked,
      chunksAvailable: available,
      files: index.files,
      lineCount: (path) => lines.get(path) ?? 0,
      budget: 400,
      tokenCounter: createTokenCounter({ model: "gpt-4o" }),
      options: { wholeRepository: false },
    });
    expect(packed.setAside).toStrictEqual([
      { path: "man/lib.1", why: 'generated: first lines say "generated with"' },
      {
        path: "tests/abi/lib_v1.c",
        why: "generated: repeats 14 of its 15 chunks from 8 other files, such as single/lib.c",
      },
      {
        path: "single/lib.c",
        why: "generated: repeats 16 of its 17 chunks from 9 other files, such as tests/abi/lib_v1.c",
      },
    ]);
    expect(packed.note).toContain(
      'Ranked below the sources, as written by a tool or copied in: man/lib.1 (generated: first lines say "generated with"); tests/abi/lib_v1.c (generated: repeats 14 of its 15 chunks from 8 other files, such as single/lib.c); single/lib.c (generated: repeats 16 of its 17 chunks from 9 other files, such as tests/abi/lib_v1.c).',
    );
  });
});
