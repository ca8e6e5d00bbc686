import { namesGivenBy } from "../../../../src/retrieval/dependencies/names-given-by.js";

const ROUTER = new Set(["Router", "router"]);

describe("namesGivenBy", () => {
  it.each([
    [
      "a callback's parameters and the member called",
      "router.use(path, function mounted_app(req, res, next) {",
      ROUTER,
      "router",
      ["use", "req", "res", "next"],
    ],
    [
      "an arrow function's parameters",
      "router.get('/', (req, res) => res.end());",
      ROUTER,
      "router",
      ["get", "req", "res"],
    ],
    [
      "a Rust path's next segment and a closure's parameters",
      "let v = serde_json::from_str(input).map(|value| value.len());",
      new Set(["serde_json"]),
      "serde_json",
      ["from_str", "value", "v"],
    ],
    [
      "the name a line assigns the package's result to",
      "self.session = requests.Session()",
      new Set(["requests"]),
      "requests",
      ["Session", "session"],
    ],
    [
      "nothing for a result only passed on",
      "next(createError(406, { types: types }));",
      new Set(["createError", "http-errors"]),
      "http-errors",
      [],
    ],
    [
      "nothing for the code's own arguments",
      "var done = callback || finalhandler(req, res, { onerror: logerror });",
      new Set(["finalhandler"]),
      "finalhandler",
      ["done"],
    ],
  ])("gives %s", (_what, line, uses, specifier, given) => {
    expect(namesGivenBy(line, uses, specifier)).toStrictEqual(given);
  });

  it.each([
    ["a member of something else", "this.router.handle(req, res, done);"],
    ["a name declared on the line", "function router(req, res, next) {"],
    ["a comment", "// router.use(path, function (req, res, next) {"],
    ["a name inside a string", "debug('router: %s', path);"],
  ])("finds no use in %s", (_what, line) => {
    expect(namesGivenBy(line, ROUTER, "router")).toBeUndefined();
  });

  it("counts the import itself as a use, and gives the name it is assigned to", () => {
    expect(
      namesGivenBy(
        "exports.static = require('serve-static');",
        new Set(),
        "serve-static",
      ),
    ).toStrictEqual(["static"]);
  });
});
