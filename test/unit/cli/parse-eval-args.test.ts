import { parseEvalArgs } from "../../../src/cli/parse-eval-args.js";
import { ConfigError } from "../../../src/shared/errors.js";

const ENV = { HOME: "/home/ada" };

describe("parseEvalArgs", () => {
  it("defaults to the current directory's history at HEAD, 30 commits and four budgets", () => {
    expect(parseEvalArgs([], "/work/app", ENV)).toStrictEqual({
      repo: "/work/app",
      ref: "HEAD",
      commits: 30,
      budgets: [8000, 13000, 27000, 50000],
      exclude: [],
      config: true,
      maxFiles: 3,
      minWords: 16,
      model: "gpt-4o",
      withModel: false,
      cacheDir: "/home/ada/.cache/askcode",
    });
  });

  it("reads every option; budgets come out once each, ascending", () => {
    expect(
      parseEvalArgs(
        [
          "--repo",
          "../mirrors/ripgrep.git",
          "--ref",
          "v14.0.0",
          "--commits",
          "12",
          "--budgets",
          "13000, 8000,13000",
          "--exclude",
          "tests/",
          "--exclude",
          "*.snap",
          "--no-config",
          "--max-files",
          "5",
          "--min-words",
          "8",
          "--model",
          "gpt-4",
          "--with-model",
          "--json",
          "out/eval.json",
          "--no-cache",
        ],
        "/work/app",
        ENV,
      ),
    ).toStrictEqual({
      repo: "/work/mirrors/ripgrep.git",
      ref: "v14.0.0",
      commits: 12,
      budgets: [8000, 13000],
      exclude: ["tests/", "*.snap"],
      config: false,
      maxFiles: 5,
      minWords: 8,
      model: "gpt-4",
      withModel: true,
      json: "/work/app/out/eval.json",
      cacheDir: undefined,
    });
  });

  it.each([
    [
      ["--commits", "ten"],
      '--commits must be a whole number from 1 to 1000, got "ten".',
    ],
    [
      ["--commits", "0"],
      '--commits must be a whole number from 1 to 1000, got "0".',
    ],
    [
      ["--commits", "2.5"],
      '--commits must be a whole number from 1 to 1000, got "2.5".',
    ],
    [
      ["--max-files", "51"],
      '--max-files must be a whole number from 1 to 50, got "51".',
    ],
    [
      ["--min-words", ""],
      '--min-words must be a whole number from 1 to 1000, got "".',
    ],
    [
      ["--budgets", "8000,500"],
      '--budgets takes budgets.context values from 1000 to 1000000 tokens, comma-separated (such as 8000,13000); "500" in "8000,500" is not one.',
    ],
    [
      ["--budgets", "8000,,13000"],
      '--budgets takes budgets.context values from 1000 to 1000000 tokens, comma-separated (such as 8000,13000); "" in "8000,,13000" is not one.',
    ],
    [
      ["--budgets", "8k"],
      '--budgets takes budgets.context values from 1000 to 1000000 tokens, comma-separated (such as 8000,13000); "8k" in "8k" is not one.',
    ],
    [
      ["--exclude", " "],
      '--exclude needs a path or .gitignore pattern, such as "fixtures/" or "*.snap"; got " ".',
    ],
  ])("refuses %j, naming the bad input", (argv, message) => {
    expect(() => parseEvalArgs(argv, "/work/app", ENV)).toThrow(
      new ConfigError(message),
    );
  });

  it.each([
    [["--bogus"], "Unknown option '--bogus'"],
    [["--commits"], "Option '--commits <value>' argument missing"],
    [["HEAD~3"], "Unexpected argument 'HEAD~3'"],
    [
      ["--no-cache", "--cache-dir", "c"],
      "--no-cache and --cache-dir contradict each other",
    ],
  ])("refuses %j with the usage", (argv, message) => {
    let error: unknown;
    try {
      parseEvalArgs(argv, "/work/app", ENV);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).toContain("Usage: askcode eval");
  });
});
