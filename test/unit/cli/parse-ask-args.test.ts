import { parseAskArgs } from "../../../src/cli/parse-ask-args.js";
import { ConfigError } from "../../../src/shared/errors.js";

const ENV = { HOME: "/home/ada" };

describe("parseAskArgs", () => {
  it.each([
    [["q", "--no-cache"], ENV, undefined],
    [["q", "--cache-dir", "cache"], ENV, "/work/app/cache"],
    [
      ["q"],
      { ...ENV, XDG_CACHE_HOME: "/var/cache/ada" },
      "/var/cache/ada/askcode",
    ],
    // The XDG spec ignores a relative path.
    [["q"], { ...ENV, XDG_CACHE_HOME: "cache" }, "/home/ada/.cache/askcode"],
  ])("keeps derived data for %j in the directory %#", (argv, env, dir) => {
    expect(parseAskArgs(argv, "/work/app", env).cacheDir).toBe(dir);
  });

  it("takes the question from the positionals and defaults the rest", () => {
    expect(
      parseAskArgs(["where", "is", "retry", "decided?"], "/work/app", ENV),
    ).toStrictEqual({
      question: "where is retry decided?",
      repo: "/work/app",
      ref: undefined,
      budget: 12000,
      model: "gpt-4o",
      json: false,
      cacheDir: "/home/ada/.cache/askcode",
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
        ENV,
      ),
    ).toStrictEqual({
      question: "how are tokens counted?",
      repo: "../other",
      ref: "v1.2.0",
      budget: 13000,
      model: "gpt-4",
      json: true,
      cacheDir: "/home/ada/.cache/askcode",
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
    [
      ["q", "--budget", "-5"],
      /--budget must be a whole number of tokens from 1000 to 1000000, got "-5"/,
    ],
    [["q", "--colour"], /Unknown option '--colour'/],
    [["q", "--no-cache", "--cache-dir", "/c"], /contradict/],
  ])("refuses %j with a clear message and the usage", (argv, message) => {
    expect(() => parseAskArgs(argv, "/", ENV)).toThrow(ConfigError);
    expect(() => parseAskArgs(argv, "/", ENV)).toThrow(message);
  });
});
