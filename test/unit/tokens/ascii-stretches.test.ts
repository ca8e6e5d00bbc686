import { createRequire } from "node:module";
import type { TiktokenBPE } from "js-tiktoken/lite";
import {
  asciiStretches,
  TWIN_CHARACTERS,
} from "../../../src/tokens/ascii-stretches.js";
import { seededRandom } from "../../helpers/seeded-random.js";

const require = createRequire(import.meta.url);

describe("asciiStretches", () => {
  it("cuts a text between lines into ASCII stretches and the others", () => {
    const text = "a = 1\nb = 'é'\nc = 2\n";
    expect(asciiStretches(text)).toEqual([
      [0, 6, true],
      [6, 14, false],
      [14, 20, true],
    ]);
    expect(asciiStretches("only ascii\n")).toEqual([[0, 11, true]]);
    expect(asciiStretches("")).toEqual([]);
  });

  it("keeps a line with the one before where a piece could run across them", () => {
    // A line of spaces only, a line starting with "/": the first cut
    // after "é" is before "x". An indented line is cut before.
    expect(asciiStretches("é\n  \n/z\nx\n")).toEqual([
      [0, 8, false],
      [8, 10, true],
    ]);
    expect(asciiStretches("é\n    y\n")).toEqual([
      [0, 2, false],
      [2, 8, true],
    ]);
  });

  it("lets the twin cut only characters beyond ASCII that are no letter, number, mark or surrogate", () => {
    const twin = new RegExp(`^[${TWIN_CHARACTERS}]$`);
    const told = /[\p{L}\p{N}\p{M}]/u;
    let beyond = 0;
    for (let c = 0x80; c <= 0xffff; c++) {
      const character = String.fromCharCode(c);
      if (!twin.test(character)) continue;
      beyond++;
      expect([c, told.test(character) || (c >= 0xd800 && c <= 0xdfff)]).toEqual(
        [c, false],
      );
    }
    expect(beyond).toBeGreaterThan(0);
  });

  it.each(["o200k_base", "cl100k_base"])(
    "cuts only where %s's pieces part, so the stretches' pieces are the text's",
    (name) => {
      const pattern = new RegExp(
        (require(`js-tiktoken/ranks/${name}`) as TiktokenBPE).pat_str,
        "gu",
      );
      const pieces = (text: string) =>
        [...text.matchAll(pattern)].map((match) => match[0]);
      const random = seededRandom(9);
      const alphabet = [
        "def f(x):",
        "  ",
        "\t",
        "\n",
        "\r\n",
        " \n",
        "\v",
        "é",
        "日本",
        "🙂",
        "\u00a0",
        "\u2028",
        "/",
        "//",
        "'s",
        "x",
        ")",
        ":\n",
        "12345",
        "… x omitted",
        " › ",
        "—",
        "→",
        "─",
        "“q”",
      ];
      for (let i = 0; i < 3000; i++) {
        let text = "";
        const length = random.int(0, 30);
        for (let k = 0; k < length; k++) text += random.pick(alphabet);
        const stretches = asciiStretches(text);
        expect(stretches.map(([start]) => start)).toEqual(
          [0, ...stretches.slice(0, -1).map(([, end]) => end)].slice(
            0,
            stretches.length,
          ),
        );
        expect(stretches.at(-1)?.[1] ?? 0).toBe(text.length);
        expect([
          text,
          stretches.flatMap(([start, end]) => pieces(text.slice(start, end))),
        ]).toEqual([text, pieces(text)]);
        const other = new RegExp(`[^${TWIN_CHARACTERS}]`);
        for (const [start, end, ascii] of stretches)
          expect(other.test(text.slice(start, end))).toBe(!ascii);
      }
    },
  );
});
