import { parseIndexArgs } from "../../../src/cli/parse-index-args.js";
import { ConfigError } from "../../../src/shared/errors.js";

describe("parseIndexArgs", () => {
  const env = { HOME: "/home/ada" };

  it("resolves the checkout and the cache directory against the working directory", () => {
    expect(parseIndexArgs(["--repo", "../flask"], "/home/ada", env)).toEqual({
      repo: "/home/flask",
      cacheDir: "/home/ada/.cache/askcode",
      quiet: false,
    });
    expect(
      parseIndexArgs(
        ["--ref", "v2", "--cache-dir", "cache", "--quiet"],
        "/src/app",
        env,
      ),
    ).toEqual({
      repo: "/src/app",
      ref: "v2",
      cacheDir: "/src/app/cache",
      quiet: true,
    });
  });

  it("refuses a question or an unknown option, with the usage", () => {
    expect(() => parseIndexArgs(["why?"], "/", env)).toThrow(ConfigError);
    expect(() => parseIndexArgs(["--budget", "5"], "/", env)).toThrow(
      /Unknown option '--budget'[\s\S]*Usage: askcode index/,
    );
  });
});
