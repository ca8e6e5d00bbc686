import { backgroundNodeOptions } from "../../../src/cli/background-node-options.js";

describe("backgroundNodeOptions", () => {
  it("gives V8 one helper thread on a machine of one or two cores", () => {
    expect(backgroundNodeOptions(1)).toEqual(["--v8-pool-size=1"]);
    expect(backgroundNodeOptions(2)).toEqual(["--v8-pool-size=1"]);
  });

  it("leaves Node's defaults on more cores", () => {
    expect(backgroundNodeOptions(3)).toEqual([]);
    expect(backgroundNodeOptions(16)).toEqual([]);
  });
});
