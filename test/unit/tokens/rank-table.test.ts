import { createRequire } from "node:module";
import type { TiktokenBPE } from "js-tiktoken/lite";
import { runToEnd } from "../../../src/shared/time-slices.js";
import { rankTableSteps } from "../../../src/tokens/rank-table.js";

const require = createRequire(import.meta.url);

/** js-tiktoken's table read the plain way: one Map entry per token. */
function referenceRanks(bpeRanks: string): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of bpeRanks.split("\n")) {
    if (line === "") continue;
    const [, first, ...tokens] = line.split(" ");
    tokens.forEach((token, i) => ranks.set(atob(token), Number(first) + i));
  }
  return ranks;
}

describe("rankTableSteps", () => {
  it.each(["o200k_base", "cl100k_base"])(
    "gives every token of %s its rank, and nothing else one",
    (name) => {
      const { bpe_ranks } = require(`js-tiktoken/ranks/${name}`) as TiktokenBPE;
      const table = runToEnd(rankTableSteps(bpe_ranks));
      const reference = referenceRanks(bpe_ranks);
      expect(table.size).toBe(reference.size);
      const wrong = [...reference].filter(
        ([bytes, rank]) => table.get(bytes) !== rank,
      );
      expect(wrong).toEqual([]);
      // Byte strings that are no token: a prefix, an extension, bytes no token holds.
      expect(table.get("hello")).toBe(reference.get("hello"));
      expect(table.has("hellohellohello!")).toBe(false);
      expect(table.get("\u0000\u00ff\u0000")).toBeUndefined();
      expect(table.has("")).toBe(false);
    },
  );

  it("refuses a table whose token is not base64, naming it", () => {
    expect(() => runToEnd(rankTableSteps("! 0 aGk= h*i\n"))).toThrow(
      'The tokenizer\'s rank table holds a token that is not base64: "h*i"',
    );
  });
});
