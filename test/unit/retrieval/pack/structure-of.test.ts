import { compressChunk } from "../../../../src/retrieval/pack/compress-chunk.js";
import { structureOf } from "../../../../src/retrieval/pack/place-chunk.js";
import { omittedMarker } from "../../../../src/retrieval/pack/render-context.js";
import type { RankedChunk } from "../../../../src/retrieval/rank/rank-chunks.js";
import { seededRandom } from "../../../helpers/seeded-random.js";

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
  const next = seededRandom(seed).next;
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
  };
}

describe("structureOf", () => {
  it("keeps the lines whose lowercase holds one of the chunk's first eight matched terms of four letters or more", () => {
    let cut = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const { chunk, matchedTerms } = generated(seed);
      if (structureOf({ chunk, matchedTerms } as unknown as RankedChunk)) cut++;
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
    // Both outcomes are covered: cut, and declined as saving too little.
    expect(cut).toBeGreaterThan(200);
    expect(cut).toBeLessThan(1800);
  });
});
