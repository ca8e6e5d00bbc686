import { selectPlaces } from "../../../../src/retrieval/rank/select-places.js";
import { ranked } from "../../answer/fixtures.js";

describe("selectPlaces", () => {
  it("keeps the best chunk of overlapping ones, in rank order, up to the limit", () => {
    const ids = (n: number) => selectPlaces(ranked, n).map((r) => r.chunk.id);
    expect(ids(10)).toEqual([0, 2, 3]);
    expect(ids(2)).toEqual([0, 2]);
    expect(ids(0)).toEqual([]);
  });
});
