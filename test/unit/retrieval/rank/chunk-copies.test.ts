import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { packContext } from "../../../../src/retrieval/pack/pack-context.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import {
  chunkCopies,
  copyKeysSteps,
  groupCopies,
  MAX_COPY_FILES,
} from "../../../../src/retrieval/rank/chunk-copies.js";
import { runToEnd } from "../../../../src/shared/time-slices.js";
import { rankChunks } from "../../../../src/retrieval/rank/rank-chunks.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

// A library whose headers are also concatenated into one single header that
// users include (the way nlohmann/json or Catch2 ship), indented one level
// deeper there; and a licence comment that every file starts with.
const LICENCE = [
  "/*",
  " * Licensed under the MIT License <http://opensource.org/licenses/MIT>.",
  " * SPDX-License-Identifier: MIT, see the LICENSE file at the top of the tree.",
  " */",
];
const ESCAPE = [
  "inline void dump_escaped(const std::string& s, std::string& out) {",
  "    for (char c : s) {",
  '        if (c == \'"\') { out += "\\\\\\""; continue; }',
  "        out.push_back(c);",
  "    }",
  "}",
];
// Enough other code that the single header's namespace is cut on its members.
const FILLER = [
  "number",
  "integer",
  "unsigned",
  "float",
  "double",
  "exponent",
  "mantissa",
  "fraction",
  "sign",
  "digits",
  "radix",
  "nan",
  "inf",
  "zero",
  "ten",
];
const INDENT = (lines: string[]) => lines.map((l) => (l ? `    ${l}` : l));
const files: SourceFile[] = [
  {
    path: "include/lib/detail/serializer.hpp",
    text: [...LICENCE, "", ...ESCAPE, ""].join("\n"),
  },
  {
    path: "single_include/lib.hpp",
    text: [
      ...LICENCE,
      "",
      "namespace lib {",
      ...FILLER.flatMap((name) => [
        `    inline int parse_${name}(const std::string& s) {`,
        `        return static_cast<int>(std::stoi(s) * ${name.length});`,
        "    }",
        "",
      ]),
      ...INDENT(ESCAPE),
      "",
      "    inline std::string dump(const value& v) { std::string out; dump_escaped(v.text, out); return out; }",
      "}",
      "",
    ].join("\n"),
  },
  ...["a", "b", "c", "d"].map((name) => ({
    path: `include/lib/detail/${name}.hpp`,
    text: [...LICENCE, "", `inline int ${name}_size() { return 1; }`, ""].join(
      "\n",
    ),
  })),
];

const counter = createTokenCounter({ model: "gpt-4o" });
let index: ReturnType<typeof indexRepository>;
beforeAll(async () => {
  await loadGrammarsFor(files);
  index = indexRepository(files, { maxTokens: 60, mergeTokens: 1 });
});
const chunkAt = (path: string, line: number) =>
  index.chunks.find(
    (c) => c.path === path && c.startLine <= line && line <= c.endLine,
  )!;

describe("chunkCopies", () => {
  it("groups a function with its copy in the single header, whatever the indentation", () => {
    const own = chunkAt("include/lib/detail/serializer.hpp", 6);
    const copy = chunkAt("single_include/lib.hpp", 68);
    const { groupOf, groups } = chunkCopies(index);
    expect(own.text.split("\n")[0]).toBe(ESCAPE[0]);
    expect(groupOf[own.id]).toBeGreaterThanOrEqual(0);
    expect(groups[groupOf[own.id]!]).toEqual([own.id, copy.id]);
  });

  it(`does not call text found in more than ${MAX_COPY_FILES} files a copy (a licence header), nor a short line`, () => {
    const { groupOf } = chunkCopies(index);
    const licence = chunkAt("include/lib/detail/a.hpp", 1);
    expect(licence.text).toContain("SPDX-License-Identifier");
    expect(groupOf[licence.id]).toBe(-1);
    expect(groupOf[chunkAt("include/lib/detail/a.hpp", 6).id]).toBe(-1);
  });
});

describe("copyKeysSteps", () => {
  // A question's second stage assembles the same files again, a few of them
  // cut anew: the others' chunks are hashed once, in the first stage.
  it("carries the keys of unchanged files from an earlier index and hashes only the others", () => {
    const again = indexRepository(files, { maxTokens: 60, mergeTokens: 1 });
    const earlier = runToEnd(copyKeysSteps(index));
    const header = again.byPath.get("single_include/lib.hpp")!;
    const keys = runToEnd(
      copyKeysSteps(again, {
        index,
        keys: earlier,
        unchanged: (fileId) => fileId !== header,
      }),
    );
    const { firstChunk, chunkCount } = again.files[header]!;
    const cut = new Set(
      Array.from({ length: chunkCount }, (_, k) => firstChunk + k),
    );
    for (const [id, key] of keys.entries()) {
      if (!key) continue;
      if (cut.has(id)) expect(key).not.toBe(earlier[id]);
      else expect(key).toBe(earlier[id]);
    }
    expect(keys).toEqual(earlier);
    expect(groupCopies(again, keys)).toEqual(chunkCopies(index));
  });
});

describe("ranking and packing copies", () => {
  const question =
    "dump_escaped does not escape a quote when the single header lib.hpp dumps a value";

  it("gives a copy the best copy's score, says why, and ranks the smaller file's copy first", () => {
    const { ranked } = rankChunks(index, analyzeQuery(question));
    const own = ranked.findIndex(
      (r) =>
        r.chunk.path === "include/lib/detail/serializer.hpp" &&
        r.chunk.startLine === 6,
    );
    const copy = ranked.findIndex(
      (r) =>
        r.chunk.path === "single_include/lib.hpp" && r.chunk.startLine === 67,
    );
    expect(own).toBeGreaterThanOrEqual(0);
    expect(own).toBe(copy - 1);
    expect(ranked[own]!.score).toBe(ranked[copy]!.score);
    const reason = ranked[own]!.why.find((w) => w.kind === "copy");
    expect(reason?.detail).toBe("same text as single_include/lib.hpp:67-72");
    const sum = ranked[own]!.why.reduce((s, w) => s + w.points, 0);
    expect(sum).toBeCloseTo(ranked[own]!.score, 6);
    expect(ranked[own]!.copies?.map((c) => c.path)).toEqual([
      "single_include/lib.hpp",
    ]);
  });

  it("shows the text once, names the copy under the file's header, and counts the copy's lines as shown", () => {
    const { ranked, available } = rankChunks(index, analyzeQuery(question));
    const lines = new Map(index.files.map((f) => [f.path, f.lineCount]));
    const packed = packContext({
      ranked,
      chunksAvailable: available,
      files: index.files,
      lineCount: (path) => lines.get(path) ?? 0,
      budget: 2_000,
      tokenCounter: counter,
      options: { wholeRepository: false },
    });
    const section = packed.text.indexOf("include/lib/detail/serializer.hpp (");
    const note = packed.text.indexOf(
      "\nLines 6-11 are also at single_include/lib.hpp:67-72 (same text).\n",
    );
    expect(section).toBeGreaterThanOrEqual(0);
    expect(note).toBeGreaterThan(section);
    expect(note).toBeLessThan(packed.text.indexOf("```cpp", section));
    expect(packed.text.split(ESCAPE[0]!).length - 1).toBe(1);
    // The single header's own section leaves the copied lines out …
    expect(packed.text).toMatch(
      /^single_include\/lib\.hpp \(lines [\d, -]*66, 74-75 of 75\)$/m,
    );
    // … and the report (what grounding and "Context used" read) counts them as shown.
    const single = packed.files.find(
      (f) => f.path === "single_include/lib.hpp",
    );
    expect(single?.ranges.some(([a, b]) => a <= 67 && b >= 72)).toBe(true);
  });
});
