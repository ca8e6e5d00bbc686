import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  parseChunkModel,
  readChunkModel,
} from "../../../../bench/swebench/read-chunk-model.js";
import { CHUNK_MODEL } from "../../../../src/retrieval/rank/chunk-model-weights.js";

describe("parseChunkModel", () => {
  it("reads the model of fit:weights --chunk-model --out's file, or a model on its own", () => {
    const fitFile = JSON.stringify({
      heads: { line: CHUNK_MODEL.line, file: CHUNK_MODEL.file },
      questions: 3,
      model: CHUNK_MODEL,
    });
    expect(parseChunkModel(fitFile, "fit.json")).toEqual(CHUNK_MODEL);
    expect(parseChunkModel(JSON.stringify(CHUNK_MODEL), "m.json")).toEqual(
      CHUNK_MODEL,
    );
  });

  it("reads a model fitted before the history's signals with weight 0 on them", () => {
    const {
      fileRecency: _r,
      fileChurn: _c,
      ...line
    } = {
      ...CHUNK_MODEL.line,
      fileRecency: 0.5,
    };
    const { fileRecency: _fr, fileChurn: _fc, ...file } = CHUNK_MODEL.file;
    const old = parseChunkModel(
      JSON.stringify({ ...CHUNK_MODEL, line, file }),
      "old.json",
    );
    expect(old.line.fileRecency).toBe(0);
    expect(old.file.fileChurn).toBe(0);
    expect(old).toEqual({
      ...CHUNK_MODEL,
      line: { ...CHUNK_MODEL.line, fileRecency: 0, fileChurn: 0 },
    });
  });

  it("refuses a model whose heads do not name the signals packing reads, naming the file and the key", () => {
    const { fileMass: _dropped, ...line } = CHUNK_MODEL.line;
    expect(() =>
      parseChunkModel(JSON.stringify({ ...CHUNK_MODEL, line }), "old.json"),
    ).toThrow(/^old\.json is not a chunk model .*line\.fileMass: /);
    expect(() =>
      parseChunkModel(
        JSON.stringify({
          ...CHUNK_MODEL,
          file: { ...CHUNK_MODEL.file, extra: 1 },
        }),
        "new.json",
      ),
    ).toThrow(/new\.json is not a chunk model .*file: Unrecognized key.*extra/);
    expect(() =>
      parseChunkModel(
        JSON.stringify({ ...CHUNK_MODEL, cost: -1 }),
        "knob.json",
      ),
    ).toThrow(/knob\.json is not a chunk model .*cost: /);
    expect(() => parseChunkModel("{", "bad.json")).toThrow(
      /^bad\.json is not JSON/,
    );
  });
});

describe("parseChunkModel's trees", () => {
  const trees = {
    line: [[["score", 0.5, 1, 2], [-0.1], [0.2]]],
    file: [[[0.05]]],
  };

  it("reads a model with boosted trees", () => {
    const model = parseChunkModel(
      JSON.stringify({ model: { ...CHUNK_MODEL, trees } }),
      "trees.json",
    );
    expect(model.trees).toEqual(trees);
  });

  it("refuses trees that split on a signal packing does not read, naming the file, the tree, the node and the signal", () => {
    const old = {
      ...trees,
      file: [[[0.05]], [["oldSignal", 1, 1, 2], [0], [1]]],
    };
    expect(() =>
      parseChunkModel(
        JSON.stringify({ ...CHUNK_MODEL, trees: old }),
        "old-trees.json",
      ),
    ).toThrow(
      /^old-trees\.json is not a chunk model: its chunk tree 1 node 0 splits on "oldSignal", which is not a chunk signal/,
    );
    expect(() =>
      parseChunkModel(
        JSON.stringify({ ...CHUNK_MODEL, trees: { line: [[]], file: [] } }),
        "empty.json",
      ),
    ).toThrow(/^empty\.json is not a chunk model .*trees\.line\.0: /);
  });
});

describe("readChunkModel", () => {
  it("reads a file and names one it cannot read", () => {
    const dir = mkdtempSync(join(tmpdir(), "askcode-chunk-model-"));
    const path = join(dir, "fit.json");
    writeFileSync(path, JSON.stringify({ model: CHUNK_MODEL }));
    expect(readChunkModel(path)).toEqual(CHUNK_MODEL);
    expect(() => readChunkModel(join(dir, "missing.json"))).toThrow(
      `cannot read the chunk model ${join(dir, "missing.json")}`,
    );
  });
});
