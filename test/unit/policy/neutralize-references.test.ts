import { neutralizeReferences } from "../../../src/policy/neutralize-references.js";

describe("neutralizeReferences", () => {
  it.each([
    ["Fixes other/repo#5.", "Fixes `other/repo#5`."],
    ["closes #3 and resolves: GH-4", "closes `#3` and resolves: `GH-4`"],
    ["Fixed octo/hello#12", "Fixed `octo/hello#12`"],
    ["landed in other/repo@abc1234", "landed in `other/repo@abc1234`"],
    ["a fork: octocat@deadbeef1", "a fork: `octocat@deadbeef1`"],
    // Escaped and entity-encoded, it still renders as a reference.
    ["see other\\/repo&num;7", "see `other/repo#7`"],
    // Numeric references and escapes are decoded before the text is judged.
    [
      "see other/repo&#35;7 and other/repo&#x23;8",
      "see `other/repo#7` and `other/repo#8`",
    ],
    ["Fixes \\#3", "Fixes `#3`"],
    ["closes&#x20;#4", "closes&#x20;`#4`"],
    ["an `x` and other/repo#5", "an `x` and ``other/repo#5``"],
  ])("neutralises %j", (input, expected) => {
    expect(neutralizeReferences(input).text).toBe(expected);
  });

  it.each([
    "Issue #9 is related; see #4.",
    "`Fixes other/repo#5` in code",
    "```\nFixes other/repo#5\n```",
    "mail me at someone@example.com",
    "the prefix fix-123 and version 1.2#3",
  ])("leaves %j as it is", (input) => {
    expect(neutralizeReferences(input)).toEqual({ text: input, references: 0 });
  });
});
