import {
  chunkOdds,
  softmax,
} from "../../../../src/retrieval/rank/chunk-model.js";
import {
  CHUNK_SIGNALS,
  type ChunkSignal,
} from "../../../../src/retrieval/rank/chunk-signals.js";

function weights(set: Partial<Record<ChunkSignal, number>>) {
  return Object.fromEntries(
    CHUNK_SIGNALS.map((s) => [s, set[s] ?? 0]),
  ) as Record<ChunkSignal, number>;
}

function row(set: Partial<Record<ChunkSignal, number>>): Float64Array {
  return Float64Array.from(CHUNK_SIGNALS, (s) => set[s] ?? 0);
}

describe("chunkOdds", () => {
  const model = {
    line: weights({ besideBest: Math.log(3) }),
    file: weights({ bias: -1, topFile: 2 }),
  };

  it("shares the fix's changed lines out over the question's chunks: the shares sum to 1, whatever the number of chunks", () => {
    const two = chunkOdds(
      [row({ bias: 1 }), row({ bias: 1, besideBest: 1 })],
      model,
    );
    expect(two.map((o) => o.line)).toEqual([
      expect.closeTo(0.25, 10),
      expect.closeTo(0.75, 10),
    ]);
    const four = chunkOdds(
      [
        row({ bias: 1 }),
        row({ bias: 1 }),
        row({ bias: 1 }),
        row({ bias: 1, besideBest: 1 }),
      ],
      model,
    );
    expect(four.reduce((sum, o) => sum + o.line, 0)).toBeCloseTo(1, 12);
    expect(four[3]?.line).toBeCloseTo(0.5, 12);
  });

  it("reads the file's chance alone, chunk by chunk", () => {
    const odds = chunkOdds(
      [row({ bias: 1, topFile: 1 }), row({ bias: 1 })],
      model,
    );
    expect(odds[0]?.file).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(odds[1]?.file).toBeCloseTo(1 / (1 + Math.exp(1)), 12);
  });
});

describe("chunkOdds with trees", () => {
  it("adds each head's trees to its linear logit", () => {
    const model = {
      line: weights({}),
      file: weights({ bias: -1 }),
      trees: {
        // Doubles the odds of a chunk beside the best, in the line head only
        // when it is also of the top file: what no weight alone says.
        line: [
          [
            ["besideBest", 0.5, 1, 2],
            [0],
            ["topFile", 0.5, 3, 4],
            [0],
            [Math.log(2)],
          ] as const,
        ],
        file: [[[1]] as const],
      },
    };
    const odds = chunkOdds(
      [
        row({ bias: 1, besideBest: 1 }),
        row({ bias: 1, besideBest: 1, topFile: 1 }),
      ],
      model,
    );
    expect(odds[0]?.line).toBeCloseTo(1 / 3, 12);
    expect(odds[1]?.line).toBeCloseTo(2 / 3, 12);
    expect(odds[0]?.file).toBeCloseTo(0.5, 12);
  });
});

describe("softmax", () => {
  it("stays finite for logits far beyond exp's range", () => {
    expect(softmax([1000, 1000])).toEqual([0.5, 0.5]);
    expect(softmax([0, Math.log(3)])[1]).toBeCloseTo(0.75, 12);
  });
});
