import { parseAskArgs } from "../../../src/cli/parse-ask-args.js";
import { ConfigError } from "../../../src/shared/errors.js";

describe("parseAskArgs", () => {
  it("takes the question from the positionals and defaults the rest", () => {
    expect(
      parseAskArgs(["where", "is", "retry", "decided?"], "/work/app"),
    ).toStrictEqual({
      question: "where is retry decided?",
      repo: "/work/app",
      ref: undefined,
      budget: 12000,
      model: "gpt-4o",
      json: false,
    });
  });

  it("reads every option", () => {
    expect(
      parseAskArgs(
        [
          "how are tokens counted?",
          "--repo",
          "../other",
          "--ref",
          "v1.2.0",
          "--budget",
          "13000",
          "--model",
          "gpt-4",
          "--json",
        ],
        "/work/app",
      ),
    ).toStrictEqual({
      question: "how are tokens counted?",
      repo: "../other",
      ref: "v1.2.0",
      budget: 13000,
      model: "gpt-4",
      json: true,
    });
  });

  it.each([
    [[], /Ask a question/],
    [
      ["q", "--budget", "lots"],
      /--budget must be a whole number of tokens from 1000 to 1000000, got "lots"/,
    ],
    // The bounds of a repository's `budgets.context`, which --budget is.
    [["q", "--budget", "999"], /--budget must be/],
    [["q", "--budget", "1000001"], /--budget must be/],
    [["q", "--colour"], /Unknown option '--colour'/],
  ])("refuses %j with a clear message and the usage", (argv, message) => {
    expect(() => parseAskArgs(argv, "/")).toThrow(ConfigError);
    expect(() => parseAskArgs(argv, "/")).toThrow(message);
  });
});
