import {
  compressChunk,
  compressedSize,
} from "../../../../src/retrieval/pack/compress-chunk.js";
import {
  structureOf,
  structureSizeOf,
} from "../../../../src/retrieval/pack/place-chunk.js";
import { omittedMarker } from "../../../../src/retrieval/pack/render-context.js";
import type { RankedChunk } from "../../../../src/retrieval/rank/rank-chunks.js";

// A seeded generator (mulberry32), so every run checks the same chunks.
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Lines of every kind the structure reads: exits, headings and rules,
// blank and indented lines, lines using a matched name, upper case (kept by
// a lowercase term), non-ASCII text.
const LINES = [
  "def send(self, request):",
  "    return response",
  "        raise ValueError('bad')",
  "  throw new Error(x);",
  "",
  "   ",
  "# Heading",
  "=====",
  "----  ",
  "\tvalue = compute(Session.cookie)",
  "    SIGNED_COOKIE = sign(value)",
  "    x = 1",
  "        for item in items:",
  "    naïve = 'ünïcode'",
  'panic!("no")',
  "* * *",
  "    COOKIE_NAME = 'İd'  # ΣΊΣΥΦΟΣ",
  "    İİİcookie",
];
const PATHS = ["pkg/sessions.py", "src/app.ts", "README.md", "docs/a.rst"];

function generated(seed: number) {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T =>
    xs[Math.floor(next() * xs.length)] as T;
  const length = 1 + Math.floor(next() * 60);
  const startLine = 1 + Math.floor(next() * 500);
  const text = Array.from({ length }, () => pick(LINES)).join("\n");
  const outline =
    next() < 0.3
      ? undefined
      : Array.from({ length: 2 * Math.floor(next() * 3) }, () =>
          Math.floor(startLine + next() * length),
        );
  return {
    chunk: {
      text,
      startLine,
      endLine: startLine + length - 1,
      path: pick(PATHS),
      ...(outline ? { outline } : {}),
    },
    matchedTerms: pick([
      [],
      ["cookie", "sign"],
      ["signed", "compute", "x"],
      ["σίσυφος", "i̇d'"],
    ]),
    headLines: pick([undefined, 0, 1, 3]),
    tailLines: pick([undefined, 0, 2]),
  };
}

describe("the size of a chunk's structure, measured without its text", () => {
  it("is compressChunk's text's length and lines kept, over many generated chunks", () => {
    let cut = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const { chunk, headLines, tailLines } = generated(seed);
      const options = {
        marker: (from: number, to: number, indent: string) =>
          omittedMarker(chunk.path, from, to, indent),
        keep: (line: string) => line.includes("cookie"),
        ...(headLines === undefined ? {} : { headLines }),
        ...(tailLines === undefined ? {} : { tailLines }),
      };
      const text = compressChunk(chunk, options);
      const size = compressedSize(chunk, options);
      expect(size).toEqual(
        text && { chars: text.text.length, keptLines: text.keptLines },
      );
      if (text) cut++;
    }
    // Both outcomes are covered: cut, and declined as saving too little.
    expect(cut).toBeGreaterThan(200);
    expect(cut).toBeLessThan(1800);
  });

  it("is structureOf's, the chunk's matched terms kept", () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const { chunk, matchedTerms } = generated(seed);
      const ranked = { chunk, matchedTerms } as unknown as RankedChunk;
      const text = structureOf(ranked);
      expect(structureSizeOf(ranked)).toEqual(
        text && { chars: text.text.length, keptLines: text.keptLines },
      );
    }
  });

  it("keeps, as structureOf, the lines whose lowercase holds one of the chunk's first eight matched terms of four letters or more", () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const { chunk, matchedTerms } = generated(seed);
      const terms = matchedTerms.filter((t) => t.length >= 4);
      const ranked = { chunk, matchedTerms } as unknown as RankedChunk;
      expect(structureOf(ranked)).toEqual(
        compressChunk(chunk, {
          marker: (from, to, indent) =>
            omittedMarker(chunk.path, from, to, indent),
          keep: (line) => terms.some((t) => line.toLowerCase().includes(t)),
        }),
      );
    }
  });
});
