import { searchPathFilter } from "../../../src/tools/search-path-filter.js";

describe("searchPathFilter", () => {
  it.each([
    [undefined, {}],
    ["/", {}],
    ["src/", { pathPrefix: "src" }],
    ["./src/app.ts", { pathPrefix: "src/app.ts" }],
    ["*.py", { extension: "py" }],
    ["src/**/*.ts", { pathPrefix: "src", extension: "ts" }],
    ["**/package.json", { filename: "package.json" }],
    ["src/*", { pathPrefix: "src" }],
  ])("%j → %j", (path, filters) => {
    expect(searchPathFilter(path)).toEqual({ filters });
  });

  it("keeps what is certain of other patterns and says so", () => {
    expect(searchPathFilter("tests/test_*.py")).toEqual({
      filters: { pathPrefix: "tests", extension: "py" },
      note: 'The pattern "tests/test_*.py" was approximated: files ending in .py under tests/ were searched. Use a directory, or a pattern like "src/**/*.ts".',
    });
  });
});
