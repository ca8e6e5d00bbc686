import {
  estimateTokens,
  orderByExpectedGold,
  type ExpectedGoldCandidate,
} from "../../../../src/retrieval/pack/expected-gold.js";

const model = { newFile: 1, cost: 1, strong: 0.5 };
// The candidates' positions in the order offered (each once when none has a structure).
const positions = (...args: Parameters<typeof orderByExpectedGold>) =>
  orderByExpectedGold(...args).map((offer) => offer.at);
const chunk = (
  file: number,
  tokens: number,
  line: number,
  fileOdds: number,
  share = 0.1,
): ExpectedGoldCandidate => ({
  file,
  share,
  tokens,
  odds: { line, file: fileOdds },
});

describe("orderByExpectedGold", () => {
  it("offers more of a file already shown before another file's best chunk when its expected gold per token is higher", () => {
    const order = positions(
      [
        chunk(0, 100, 0.6, 0.9), // the best file's best chunk
        chunk(1, 200, 0.05, 0.2), // another file's best chunk: (0.05 + 0.2) / 224
        chunk(0, 100, 0.4, 0.9), // the continuation of the first: 0.4 / 100
      ],
      model,
    );
    expect(order).toEqual([0, 2, 1]);
  });

  it("offers another file's best chunk first when the file's chance outweighs the continuation's lines", () => {
    const order = positions(
      [
        chunk(0, 100, 0.6, 0.9),
        chunk(1, 100, 0.1, 0.7), // (0.1 + 0.7) / 124
        chunk(0, 100, 0.2, 0.9), // 0.2 / 100: the file is already shown
      ],
      model,
    );
    expect(order).toEqual([0, 1, 2]);
  });

  it("counts a file's worth once: its second chunk gains only its own lines", () => {
    const order = positions(
      [chunk(0, 50, 0.1, 0.9), chunk(0, 50, 0.1, 0.9), chunk(1, 50, 0.3, 0.1)],
      model,
    );
    expect(order).toEqual([0, 2, 1]);
  });

  it("with cost below 1 penalises a long chunk less than per token", () => {
    const candidates = [chunk(0, 400, 0.8, 0), chunk(1, 50, 0.15, 0)];
    expect(positions(candidates, { newFile: 0, cost: 1, strong: 0.5 })).toEqual(
      [1, 0],
    );
    expect(
      positions(candidates, { newFile: 0, cost: 0.5, strong: 0.5 }),
    ).toEqual([0, 1]);
  });
});

describe("orderByExpectedGold with strong chunks", () => {
  it("offers the strong chunks (half the best score or more) first, in rank order, and files they show buy nothing more", () => {
    const order = positions(
      [
        chunk(0, 400, 0.1, 0.2, 1),
        chunk(1, 50, 0.9, 0.9, 0.3), // the likeliest, but weak by score
        chunk(2, 400, 0.05, 0.1, 0.6),
        chunk(0, 50, 0.5, 0.9, 0.2), // beside the first: its file is shown
      ],
      model,
    );
    expect(order).toEqual([0, 2, 1, 3]);
  });

  it("orders the strong chunks too when the model's strong share is above 1: a chunk holding the fix's lines goes before a strong one holding none", () => {
    const candidates = [
      chunk(0, 400, 0.02, 0.1, 1),
      chunk(1, 100, 0.6, 0.5, 0.4), // most of the fix, weak by score
      chunk(2, 400, 0.01, 0.1, 0.7),
    ];
    expect(positions(candidates, { ...model, strong: 2 })).toEqual([1, 0, 2]);
    expect(positions(candidates, model)).toEqual([0, 2, 1]);
  });
});

describe("estimateTokens", () => {
  it("estimates four characters a token, rounded up", () => {
    expect(estimateTokens("def f():\n    return 1\n")).toBe(6);
    expect(estimateTokens("")).toBe(0);
  });
});

describe("orderByExpectedGold with structures", () => {
  it("offers a long body of a likely file by its structure before another chunk whole, and the rest of it last, when that shows more of the fix per token", () => {
    const order = orderByExpectedGold(
      [
        chunk(0, 100, 0.3, 0.9, 1),
        // (0.05 + 0.6) / 1024 whole; (0.05 × 0.2 + 0.6) / 124 by its structure
        {
          ...chunk(1, 1000, 0.05, 0.6),
          structure: { tokens: 100, kept: 0.2 },
        },
        chunk(2, 200, 0.1, 0.2), // (0.1 + 0.2) / 224
      ],
      model,
    );
    expect(order).toEqual([
      { at: 0, form: "full" },
      { at: 1, form: "compressed" },
      { at: 2, form: "full" },
      // The lines its structure left out: 0.04 / 900.
      { at: 1, form: "full" },
    ]);
  });

  it("offers a chunk whole, never by its structure, when the lines its structure cuts are worth more per token", () => {
    const order = orderByExpectedGold(
      [
        chunk(0, 100, 0.1, 0.9, 1),
        // (0.8 + 0.1) / 224 whole beats (0.8 × 0.1 + 0.1) / 74.
        { ...chunk(1, 200, 0.8, 0.1), structure: { tokens: 50, kept: 0.1 } },
      ],
      model,
    );
    expect(order).toEqual([
      { at: 0, form: "full" },
      { at: 1, form: "full" },
    ]);
  });
});
