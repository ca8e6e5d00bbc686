import {
  camelCaseParts,
  identifierParts,
  splitIdentifier,
} from "../../../src/text/split-identifier.js";

describe("identifierParts", () => {
  it("keeps every word, digit runs and single letters included", () => {
    expect(identifierParts("this.apiKeyProd2")).toStrictEqual([
      "this",
      "api",
      "key",
      "prod",
      "2",
    ]);
    expect(identifierParts("x_HTTPServer")).toStrictEqual([
      "x",
      "http",
      "server",
    ]);
  });
});

describe("splitIdentifier", () => {
  it.each([
    ["HTTPServerError", ["http", "server", "error"]],
    ["quantity_input", ["quantity", "input"]],
    ["__init__", ["init"]],
    ["io.fits.getData", ["io", "fits", "get", "data"]],
    ["x2_value10", ["value"]],
  ])("%s → %j", (identifier, parts) => {
    expect(splitIdentifier(identifier)).toStrictEqual(parts);
  });
});

describe("camelCaseParts", () => {
  it("cuts at case changes only, keeping digits with their word and the case as written", () => {
    expect(camelCaseParts("parseHTTPResponse2")).toStrictEqual([
      "parse",
      "HTTP",
      "Response2",
    ]);
    expect(camelCaseParts("ETag")).toStrictEqual(["E", "Tag"]);
    expect(camelCaseParts("timeout")).toStrictEqual(["timeout"]);
  });
});
