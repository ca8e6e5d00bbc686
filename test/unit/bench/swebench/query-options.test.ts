import { queryOptions } from "../../../../bench/swebench/query-options.js";
import { VOCABULARY_BRIDGE } from "../../../../src/retrieval/query/vocabulary-bridge-table.js";

describe("queryOptions", () => {
  it("leaves retrieval's default alone unless the bridge is asked for", () => {
    expect(queryOptions({})).toBeUndefined();
  });

  it("ranks with the shipped bridge at the weight and cap asked, and without one at weight 0", () => {
    expect(queryOptions({ bridgeWeight: 0.2, bridgeCap: 4 })).toStrictEqual({
      bridge: { table: VOCABULARY_BRIDGE, weight: 0.2, cap: 4 },
    });
    expect(queryOptions({ bridgeCap: 4 })).toStrictEqual({
      bridge: { table: VOCABULARY_BRIDGE, cap: 4 },
    });
    expect(queryOptions({ bridgeWeight: 0 })).toStrictEqual({});
  });
});
