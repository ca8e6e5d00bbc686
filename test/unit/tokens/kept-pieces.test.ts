import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { Tiktoken, type TiktokenBPE } from "js-tiktoken/lite";
import { openKeptEncodings } from "../../../src/cli/kept-encodings.js";
import {
  keepCountedPieces,
  loadEncoder,
} from "../../../src/tokens/load-encoder.js";
import {
  rankTableEntries,
  rankTableOfEntries,
} from "../../../src/tokens/rank-table.js";
import { makeTempDir, removeDir } from "../../helpers/temp-repo.js";

const require = createRequire(import.meta.url);

// o200k_base's table as installed, named as loadEncoder names it.
function o200kSource(): string {
  const stat = statSync(require.resolve("js-tiktoken/ranks/o200k_base"));
  return `${stat.size}-${Math.trunc(stat.mtimeMs)}`;
}

describe("the pre-tokens an encoder counted, kept", () => {
  let dir: string;
  beforeEach(() => (dir = makeTempDir()));
  afterEach(() => removeDir(dir));

  it("are looked up by a later process's encoder instead of merged, and kept again with what it merged", () => {
    const reference = new Tiktoken(
      require("js-tiktoken/ranks/o200k_base") as TiktokenBPE,
    );
    const warnings: string[] = [];
    const kept = openKeptEncodings(dir, {
      log: { warn: (message) => warnings.push(message) },
      keepPieces: true,
    });
    // A count no merge gives, to tell a look-up from a merge.
    kept.writePieces?.(
      "o200k_base",
      o200kSource(),
      rankTableOfEntries([
        [" hello", 40],
        // Lines around a character beyond the pattern's ASCII twin are kept whole.
        [Buffer.from("x = 1\né = 1\n", "utf8").toString("latin1"), 30],
      ]),
    );

    // The first o200k_base encoder of this file: built now, reading them.
    const encoder = loadEncoder("o200k_base", kept);
    expect(encoder.countTokens(" hello world")).toBe(41);
    expect(encoder.countTokens("x = 1\né = 1\nprint(x)\n")).toBe(
      30 + reference.encode("print(x)\n", [], []).length,
    );

    const text = "def naïve(self):\n    return self.value\n";
    expect(encoder.countTokens(text)).toBe(
      reference.encode(text, [], []).length,
    );
    keepCountedPieces("o200k_base", kept);

    const pieces = new Map(
      rankTableEntries(kept.readPieces!("o200k_base", o200kSource())!),
    );
    // Kept by their UTF-8 bytes as latin1, as the encoder looks them up.
    const naive = Buffer.from(" naïve", "utf8").toString("latin1");
    expect(pieces.get(" hello")).toBe(40);
    expect(pieces.get(" world")).toBe(1);
    expect(pieces.get(naive)).toBe(reference.encode(" naïve", [], []).length);
    expect(pieces.get("def")).toBe(1);
    // And the line around "ï" whole (the next is indented code: cut there).
    const line = "def naïve(self):\n";
    expect(pieces.get(Buffer.from(line, "utf8").toString("latin1"))).toBe(
      reference.encode(line, [], []).length,
    );
    expect(warnings).toEqual([]);
  });
});
