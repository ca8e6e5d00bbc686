import { ownHistoryThresholds } from "../../../../bench/gate/own-history-thresholds.js";

const point = (repo: string, order: number, score: number, hit: boolean) => ({
  repo,
  order,
  score,
  hit,
});

describe("ownHistoryThresholds", () => {
  it("chooses each repository's threshold on its earlier questions and scores the later ones with it", () => {
    const points = [
      // a: the history (orders 1-4) reaches 100 % from 0.51 (above its miss at
      // 0.5), so 0.51 answers the later half: 0.95 (miss), 0.82 and 0.7 (hits).
      point("a", 4, 0.8, true),
      point("a", 1, 0.9, true),
      point("a", 2, 0.85, true),
      point("a", 3, 0.5, false),
      point("a", 5, 0.95, false),
      point("a", 6, 0.82, true),
      point("a", 7, 0.7, true),
      point("a", 8, 0.4, false),
      // b: no threshold of its history reaches the precision: silent.
      point("b", 1, 0.9, false),
      point("b", 2, 0.8, false),
      point("b", 3, 0.9, true),
      point("b", 4, 0.9, true),
    ];
    expect(
      ownHistoryThresholds(points, { minPrecision: 0.9, minAnswered: 2 }),
    ).toEqual({
      repositoriesOn: 1,
      repositories: 2,
      asked: 6,
      answered: 3,
      hits: 2,
    });
  });

  it("orders by the key given, not by the order the points arrive in", () => {
    // Reversed, the history would be the two misses and the repository silent.
    const points = [
      point("a", 4, 0.9, false),
      point("a", 3, 0.9, false),
      point("a", 2, 0.9, true),
      point("a", 1, 0.9, true),
    ];
    expect(
      ownHistoryThresholds(points, { minPrecision: 0.9, minAnswered: 2 }),
    ).toMatchObject({ repositoriesOn: 1, answered: 2, hits: 0 });
  });
});
