import {
  parseVariants,
  variantPath,
} from "../../../../bench/swebench/read-variants.js";
import { DEFAULT_CO_CHANGE } from "../../../../src/retrieval/pack/pack-ranked-chunks.js";
import { CHUNK_MODEL } from "../../../../src/retrieval/rank/chunk-model-weights.js";

describe("parseVariants", () => {
  it("reads named packings, the chunk model on, off or with other knobs", () => {
    const variants = parseVariants(
      JSON.stringify({
        off: { chunkModel: false, mapShare: 0.03 },
        on: { chunkModel: true },
        "nf1-s1": { chunkModel: { newFile: 1, strong: 1.01 } },
        small: { compressBelow: 0.15 },
      }),
      "grid.json",
      CHUNK_MODEL,
    );
    expect(variants.map((v) => v.name)).toEqual([
      "off",
      "on",
      "nf1-s1",
      "small",
    ]);
    expect(variants[0]?.pack).toEqual({ chunkModel: null, mapShare: 0.03 });
    expect(variants[1]?.pack).toEqual({ chunkModel: CHUNK_MODEL });
    // The model's weights, with the knobs given; the others as shipped.
    expect(variants[2]?.pack).toEqual({
      chunkModel: { ...CHUNK_MODEL, newFile: 1, strong: 1.01 },
    });
    // Without chunkModel, the run's own model stands.
    expect(variants[3]?.pack).toEqual({ compressBelow: 0.15 });
  });

  it("turns the co-change tier off, or sets its knobs over the default", () => {
    const [off, any] = parseVariants(
      JSON.stringify({
        off: { coChange: false },
        any: { coChange: { minSupport: 15, kinds: ["changelog", "code"] } },
      }),
      "grid.json",
      CHUNK_MODEL,
    );
    expect(off?.pack).toEqual({ coChange: null });
    expect(any?.pack).toEqual({
      coChange: {
        ...DEFAULT_CO_CHANGE,
        minSupport: 15,
        kinds: ["changelog", "code"],
      },
    });
    expect(() =>
      parseVariants(
        '{"a": {"coChange": {"kinds": ["lockfile"]}}}',
        "grid.json",
        CHUNK_MODEL,
      ),
    ).toThrow(
      /grid\.json .*a\.coChange: false, or an object of .*kinds \(changelog, code/,
    );
  });

  it("packs a variant by a whole fitted model read from its file, the knobs beside it over the file's", () => {
    const candidate = {
      ...CHUNK_MODEL,
      line: { ...CHUNK_MODEL.line, score: 3 },
      newFile: 0.4,
    };
    const read: string[] = [];
    const variants = parseVariants(
      JSON.stringify({
        cand: { chunkModel: { weights: "/tmp/fit.json" } },
        "cand-nf": { chunkModel: { weights: "/tmp/fit.json", newFile: 0.1 } },
      }),
      "grid.json",
      CHUNK_MODEL,
      (path) => {
        read.push(path);
        return candidate;
      },
    );
    expect(read).toEqual(["/tmp/fit.json", "/tmp/fit.json"]);
    expect(variants[0]?.pack).toEqual({ chunkModel: candidate });
    expect(variants[1]?.pack).toEqual({
      chunkModel: { ...candidate, newFile: 0.1 },
    });
  });

  it("names the variant and the model's file when the file cannot be read", () => {
    expect(() =>
      parseVariants(
        '{"cand": {"chunkModel": {"weights": "/nonexistent/fit.json"}}}',
        "grid.json",
        CHUNK_MODEL,
      ),
    ).toThrow(
      /^grid\.json: cand: cannot read the chunk model \/nonexistent\/fit\.json/,
    );
  });

  it("names the file and what is wrong in it", () => {
    expect(() => parseVariants("{", "grid.json", CHUNK_MODEL)).toThrow(
      /^grid\.json is not JSON/,
    );
    expect(() =>
      parseVariants('{"a": {"mapShare": 0.9}}', "grid.json", CHUNK_MODEL),
    ).toThrow(/grid\.json is not a set of packing variants .*a\.mapShare/);
    expect(() =>
      parseVariants('{"a": {"newFile": 1}}', "grid.json", CHUNK_MODEL),
    ).toThrow(/a: Unrecognized key.*newFile/);
    expect(() =>
      parseVariants('{"../x": {}}', "grid.json", CHUNK_MODEL),
    ).toThrow('grid.json: the variant name "../x" must be letters, digits');
    expect(() => parseVariants("{}", "grid.json", CHUNK_MODEL)).toThrow(
      "grid.json names no variant.",
    );
  });
});

describe("variantPath", () => {
  it("puts the variant's name before the extension of the run's file", () => {
    expect(variantPath("/tmp/tune/train.json", "off")).toBe(
      "/tmp/tune/train.off.json",
    );
    expect(variantPath("/tmp/tune/run", "nf1-s1")).toBe("/tmp/tune/run.nf1-s1");
  });
});
