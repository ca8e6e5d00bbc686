import {
  estimateTokens,
  orderByExpectedGold,
  type ExpectedGoldCandidate,
} from "../../../../src/retrieval/pack/expected-gold.js";

const model = { newFile: 1, cost: 1, strong: 0.5 };
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
    const order = orderByExpectedGold(
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
    const order = orderByExpectedGold(
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
    const order = orderByExpectedGold(
      [chunk(0, 50, 0.1, 0.9), chunk(0, 50, 0.1, 0.9), chunk(1, 50, 0.3, 0.1)],
      model,
    );
    expect(order).toEqual([0, 2, 1]);
  });

  it("with cost below 1 penalises a long chunk less than per token", () => {
    const candidates = [chunk(0, 400, 0.8, 0), chunk(1, 50, 0.15, 0)];
    expect(
      orderByExpectedGold(candidates, { newFile: 0, cost: 1, strong: 0.5 }),
    ).toEqual([1, 0]);
    expect(
      orderByExpectedGold(candidates, { newFile: 0, cost: 0.5, strong: 0.5 }),
    ).toEqual([0, 1]);
  });
});

describe("orderByExpectedGold with strong chunks", () => {
  it("offers the strong chunks (half the best score or more) first, in rank order, and files they show buy nothing more", () => {
    const order = orderByExpectedGold(
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
    expect(orderByExpectedGold(candidates, { ...model, strong: 2 })).toEqual([
      1, 0, 2,
    ]);
    expect(orderByExpectedGold(candidates, model)).toEqual([0, 2, 1]);
  });
});

describe("estimateTokens", () => {
  it("estimates four characters a token, rounded up", () => {
    expect(estimateTokens("def f():\n    return 1\n")).toBe(6);
    expect(estimateTokens("")).toBe(0);
  });
});
