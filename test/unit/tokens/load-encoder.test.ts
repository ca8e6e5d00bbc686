import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Tiktoken, type TiktokenBPE } from "js-tiktoken/lite";
import { loadEncoder, warmEncoder } from "../../../src/tokens/load-encoder.js";
import { countingSlices } from "../../helpers/counting-slices.js";

const require = createRequire(import.meta.url);
const COUNT_AND_SNAPSHOT = fileURLToPath(
  new URL("../../fixtures/tokens/count-and-snapshot.ts", import.meta.url),
);

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

describe("loadEncoder's memo", () => {
  it("keeps no text it counted alive", async () => {
    // A piece of 13 characters or more is a V8 slice of the text it came
    // from, which keeps the whole text alive: a memo of slices held every
    // file it had counted a long piece of. Only a heap snapshot of a
    // process of its own shows which strings are alive.
    const seed = `seed${process.pid}${Date.now()}`;
    const snapshot = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ["--expose-gc", "--import", "tsx", COUNT_AND_SNAPSHOT, seed],
        { maxBuffer: 1 << 30 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    const strings = (JSON.parse(snapshot) as { strings: string[] }).strings;
    // The text is gone…
    expect(strings.filter((s) => s.includes(`${seed}:${seed}`))).toEqual([]);
    // …and the memo holds its piece as a string of its own.
    expect(strings).toContain(" lengthOfTheLongPieceRemembered");
  }, 60_000);
});
