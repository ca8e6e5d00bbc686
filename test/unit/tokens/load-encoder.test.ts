import { createRequire } from "node:module";
import { Tiktoken, type TiktokenBPE } from "js-tiktoken/lite";
import { loadEncoder, warmEncoder } from "../../../src/tokens/load-encoder.js";
import { countingSlices } from "../../helpers/counting-slices.js";

const require = createRequire(import.meta.url);

describe("warmEncoder", () => {
  it("builds the encoder in time slices, once, and loadEncoder then returns it", async () => {
    const { slices, turns } = countingSlices();
    await Promise.all([
      warmEncoder("cl100k_base", slices),
      warmEncoder("cl100k_base", slices),
    ]);
    // cl100k_base has 100,000 ranks, decoded and hashed 25,000 between pauses.
    expect(turns()).toBeGreaterThanOrEqual(8);
    const encoder = loadEncoder("cl100k_base");
    expect(loadEncoder("cl100k_base")).toBe(encoder);
    // Built once: the second warm-up and the load pause nowhere.
    const built = turns();
    await warmEncoder("cl100k_base", slices);
    expect(turns()).toBe(built);

    const reference = new Tiktoken(
      require("js-tiktoken/ranks/cl100k_base") as TiktokenBPE,
    );
    const text =
      "def naïve_détente(self):\n\treturn '<|endoftext|>' + 日本語 + \"🙂\" * 123456\r\n";
    expect(encoder.countTokens(text)).toBe(
      reference.encode(text, [], []).length,
    );
  });
});
