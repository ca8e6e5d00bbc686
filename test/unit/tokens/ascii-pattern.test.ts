import { createRequire } from "node:module";
import type { TiktokenBPE } from "js-tiktoken/lite";
import { asciiPattern } from "../../../src/tokens/ascii-pattern.js";
import { seededRandom } from "../../helpers/seeded-random.js";

const require = createRequire(import.meta.url);
const pieces = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((match) => match[0]);

describe("asciiPattern", () => {
  it.each(["o200k_base", "cl100k_base"])(
    "cuts ASCII text as %s's own pattern does",
    (name) => {
      const pattern = (require(`js-tiktoken/ranks/${name}`) as TiktokenBPE)
        .pat_str;
      const own = new RegExp(pattern, "gu");
      const twin = new RegExp(asciiPattern(pattern)!, "g");
      const random = seededRandom(5);
      // Every ASCII character, with the ones the pattern treats apart more often.
      const alphabet = [
        ...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)),
        ..." \t\n\r\n'sStTreREveVEmMllLLdD09aZ/_.(",
      ];
      for (let i = 0; i < 3000; i++) {
        let text = "";
        const length = random.int(0, 40);
        for (let k = 0; k < length; k++) text += random.pick(alphabet);
        expect([text, pieces(text, twin)]).toEqual([text, pieces(text, own)]);
      }
    },
  );

  it("writes each class as the ASCII it holds, inside a class or alone", () => {
    expect(asciiPattern("\\p{N}{1,3}|[^\\s\\p{L}\\p{N}]+|\\p{M}")).toBe(
      "[0-9]{1,3}|[^\\sA-Za-z0-9]+|[]",
    );
    expect(asciiPattern("[\\p{Lu}\\p{Lt}]*[\\p{Ll}\\p{Lm}]+")).toBe(
      "[A-Z]*[a-z]+",
    );
  });

  it("gives none for a class it does not know, or a negated one", () => {
    expect(asciiPattern("\\p{Sc}+")).toBeUndefined();
    expect(asciiPattern("\\P{L}+")).toBeUndefined();
  });
});
