import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Tiktoken, type TiktokenBPE } from "js-tiktoken/lite";
import {
  openKeptEncodings,
  shipEncodings,
} from "../../../src/cli/kept-encodings.js";
import { loadEncoder } from "../../../src/tokens/load-encoder.js";
import {
  decodeEncodingFile,
  encodeEncodingFile,
  type DecodedEncoding,
} from "../../../src/tokens/rank-table-file.js";
import { rankTableSteps } from "../../../src/tokens/rank-table.js";
import { runToEnd } from "../../../src/shared/time-slices.js";
import { makeTempDir, removeDir } from "../../helpers/temp-repo.js";

const require = createRequire(import.meta.url);
const TEXT =
  "def naïve_détente(self):\n\treturn '<|endoftext|>' + 日本語 + \"🙂\" * 123456\r\n";

function decoded(name: "cl100k_base" | "o200k_base"): DecodedEncoding {
  const table = require(`js-tiktoken/ranks/${name}`) as TiktokenBPE;
  return {
    pattern: table.pat_str,
    ranks: runToEnd(rankTableSteps(table.bpe_ranks)),
  };
}

describe("an encoding's decoded tables on disk", () => {
  const cl100k = decoded("cl100k_base");
  const file = encodeEncodingFile(cl100k);

  it("read back, look every token up as decoded, at any byte offset", () => {
    const back = decodeEncodingFile(file)!;
    expect(back.pattern).toBe(cl100k.pattern);
    expect(back.ranks.size).toBe(cl100k.ranks.size);
    for (const token of ["hello", " world", "\n\n", "\u00e2\u0080\u0099"])
      expect(back.ranks.get(token)).toBe(cl100k.ranks.get(token));
    // A file read into a pooled or sliced buffer need not start 4-aligned.
    const shifted = Buffer.concat([Buffer.from([0]), file]).subarray(1);
    expect(shifted.byteOffset % 4).not.toBe(0);
    expect(decodeEncodingFile(shifted)?.ranks.get("hello")).toBe(
      cl100k.ranks.get("hello"),
    );
  });

  it("are none when cut, changed or not such a file", () => {
    expect(decodeEncodingFile(file.subarray(0, file.length - 4))).toBe(
      undefined,
    );
    const changed = Buffer.from(file);
    changed.writeUInt8(
      changed.readUInt8(changed.length - 100) ^ 1,
      changed.length - 100,
    );
    expect(decodeEncodingFile(changed)).toBe(undefined);
    expect(decodeEncodingFile(Buffer.from('{"counts": []}\n'))).toBe(undefined);
  });
});

describe("openKeptEncodings", () => {
  let dir: string;
  beforeEach(() => (dir = makeTempDir()));
  afterEach(() => removeDir(dir));

  it("keeps what loadEncoder decodes, and loadEncoder reads it in place of the tokenizer's own table", () => {
    const warnings: string[] = [];
    const kept = openKeptEncodings(dir, {
      log: { warn: (message) => warnings.push(message) },
    });
    const reference = new Tiktoken(
      require("js-tiktoken/ranks/cl100k_base") as TiktokenBPE,
    );
    // Not loaded before in this file: decoded, then written.
    expect(loadEncoder("cl100k_base", kept).countTokens(TEXT)).toBe(
      reference.encode(TEXT, [], []).length,
    );
    const [written] = readdirSync(join(dir, "encodings-v1"));
    expect(written).toMatch(/^cl100k_base-\d+-\d+\.bin$/);
    const source = written!.slice("cl100k_base-".length, -".bin".length);
    expect(kept.read("cl100k_base", source)?.ranks.get("hello")).toBe(
      reference.encode("hello", [], [])[0],
    );
    // Another install of the table is another file: none yet.
    expect(kept.read("cl100k_base", "1-2")).toBe(undefined);

    // What is kept for o200k_base is what o200k_base counts with: here
    // cl100k_base's tables, so the counts are cl100k_base's.
    writeFileSync(
      join(dir, "encodings-v1", `o200k_base-${o200kSource()}.bin`),
      readFileSync(join(dir, "encodings-v1", written!)),
    );
    expect(loadEncoder("o200k_base", kept).countTokens(TEXT)).toBe(
      reference.encode(TEXT, [], []).length,
    );
    expect(warnings).toEqual([]);
  });

  it("says that it could not keep a table where it cannot write, and reads none there", () => {
    const warnings: string[] = [];
    // A file where its folder must be.
    writeFileSync(join(dir, "encodings-v1"), "");
    const kept = openKeptEncodings(dir, {
      log: { warn: (message) => warnings.push(message) },
    });
    kept.write("cl100k_base", "1-2", decoded("cl100k_base"));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^askcode could not keep the decoded cl100k_base tokenizer in .+ \(\w+\); the next run decodes it again\.$/,
      ),
    ]);
    expect(kept.read("cl100k_base", "1-2")).toBe(undefined);
  });
});

describe("shipEncodings", () => {
  let dir: string;
  let dist: string;
  beforeEach(() => {
    dir = makeTempDir();
    dist = makeTempDir();
  });
  afterEach(() => {
    removeDir(dir);
    removeDir(dist);
  });

  it("decodes what a cache directory without its own reads, and the directory keeps a copy", () => {
    shipEncodings(dist, ["cl100k_base"]);
    const [shipped] = readdirSync(join(dist, "encodings-v1"));
    // Named by the table's source, which any install of it shares.
    expect(shipped).toMatch(/^cl100k_base-[0-9a-f]{40}\.bin$/);
    const warnings: string[] = [];
    const kept = openKeptEncodings(dir, {
      log: { warn: (message) => warnings.push(message) },
      shipped: dist,
    });
    const reference = decoded("cl100k_base");
    expect(kept.read("cl100k_base", "1-2")?.ranks.get(" world")).toBe(
      reference.ranks.get(" world"),
    );
    expect(readdirSync(join(dir, "encodings-v1"))).toEqual([
      "cl100k_base-1-2.bin",
    ]);
    removeDir(dist);
    expect(kept.read("cl100k_base", "1-2")?.pattern).toBe(reference.pattern);
    expect(warnings).toEqual([]);
  });

  it("reads none that the build decoded from another table", () => {
    shipEncodings(dist, ["cl100k_base"]);
    const [shipped] = readdirSync(join(dist, "encodings-v1"));
    // What the build shipped for cl100k_base, named as o200k_base's would
    // be only if o200k_base's table were cl100k_base's.
    writeFileSync(
      join(dist, "encodings-v1", "o200k_base-" + shipped!.slice(12)),
      readFileSync(join(dist, "encodings-v1", shipped!)),
    );
    const kept = openKeptEncodings(dir, {
      log: { warn: () => {} },
      shipped: dist,
    });
    expect(kept.read("o200k_base", "1-2")).toBe(undefined);
  });
});

// o200k_base's table as installed, named as loadEncoder names it.
function o200kSource(): string {
  const stat = statSync(require.resolve("js-tiktoken/ranks/o200k_base"));
  return `${stat.size}-${Math.trunc(stat.mtimeMs)}`;
}
