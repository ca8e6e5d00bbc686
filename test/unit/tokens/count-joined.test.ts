import { Tiktoken, type TiktokenBPE } from "js-tiktoken/lite";
import { createRequire } from "node:module";
import {
  countJoined,
  type JoinedPart,
} from "../../../src/tokens/count-joined.js";
import { seededRandom } from "../../helpers/seeded-random.js";

const require = createRequire(import.meta.url);

// Lines and their ends as packing joins them, and what could run across a
// join: spaces, punctuation that takes line breaks, "/" at a line's start,
// characters beyond ASCII, lines of spaces only.
const ALPHABET = [
  "def f(x):",
  "    return x",
  "  ",
  "\t",
  "\n",
  "\n\n",
  "\r\n",
  " \n",
  "é",
  "日本",
  "🙂",
  "\u00a0",
  "/",
  "// c",
  "'s",
  "x",
  ")",
  ":\n",
  "12345",
  "# … lines 4-9 omitted",
  " › ",
  "```python\n",
  "pkg/a.py (lines 1-20 of 300)\n",
];

describe("countJoined", () => {
  it.each(["o200k_base", "cl100k_base"])(
    "counts joined parts exactly as %s counts the joined text (3,000 seeded random cases)",
    (name) => {
      const encoding = new Tiktoken(
        require(`js-tiktoken/ranks/${name}`) as TiktokenBPE,
      );
      const count = (text: string) => encoding.encode(text).length;
      const random = seededRandom(36);
      for (let i = 0; i < 3000; i++) {
        const parts: JoinedPart[] = [];
        for (let p = random.int(0, 6); p > 0; p--) {
          let text = "";
          for (let k = random.int(0, 8); k > 0; k--)
            text += random.pick(ALPHABET);
          // Some parts come with their count, as packed pieces do.
          parts.push(
            random.next() < 0.5 ? text : { text, tokens: count(text) },
          );
        }
        const joined = parts
          .map((p) => (typeof p === "string" ? p : p.text))
          .join("");
        expect([joined, countJoined(count, parts)]).toEqual([
          joined,
          count(joined),
        ]);
      }
    },
  );

  it("joins a part of spaces only to what follows it: a line break after may take them", () => {
    const encoding = new Tiktoken(
      require("js-tiktoken/ranks/o200k_base") as TiktokenBPE,
    );
    const count = (text: string) => encoding.encode(text).length;
    // "\n    \n\n" is one piece, of fewer tokens than "\n" and "    \n\n".
    expect(count("a\n    \n\nb")).toBe(3);
    expect(countJoined(count, ["a\n", "    ", "\n\nb"])).toBe(3);
  });

  it("takes the parts' own counts and counts only the lines at a join anew", () => {
    const counted: string[] = [];
    const count = (text: string) => {
      counted.push(text);
      return text.length;
    };
    const code = "def f(x):\n    y = x + 1\n    return y";
    const total = countJoined(count, [
      "pkg/a.py (lines 1-3 of 9)\n```python\n",
      { text: code, tokens: code.length },
      "\n",
      { text: code, tokens: code.length },
      "\n```",
    ]);
    expect(total).toBe(
      "pkg/a.py (lines 1-3 of 9)\n```python\n".length +
        2 * code.length +
        "\n".length +
        "\n```".length,
    );
    // The header, and at each join the last line of the code before it
    // with and without what follows; never a code part whole.
    expect(counted).toEqual([
      "pkg/a.py (lines 1-3 of 9)\n```python\n",
      "    return y\n",
      "    return y",
      "    return y\n",
      "    return y",
      "\n```",
      "\n",
    ]);
  });
});
