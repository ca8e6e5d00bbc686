import {
  parseVariants,
  variantPath,
} from "../../../../bench/swebench/read-variants.js";
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
