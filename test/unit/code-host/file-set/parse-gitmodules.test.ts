import { parseGitmodules } from "../../../../src/code-host/file-set/parse-gitmodules.js";

describe("parseGitmodules", () => {
  it("maps each submodule path to its URL, ignoring other sections and keys", () => {
    const text = [
      '[submodule "lib"]',
      "\tpath = vendor/lib",
      "\turl = https://github.com/octo/lib.git",
      "\tbranch = main",
      '[core "x"]',
      "\tpath = not/a/submodule",
      "\turl = https://example.invalid",
      '[submodule "docs"]',
      "  url=git@github.com:octo/docs.git",
      "  path=docs/theme",
    ].join("\n");
    expect(parseGitmodules(text)).toEqual(
      new Map([
        ["vendor/lib", "https://github.com/octo/lib.git"],
        ["docs/theme", "git@github.com:octo/docs.git"],
      ]),
    );
  });
});
