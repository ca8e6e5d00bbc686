import {
  linguistAttributes,
  parseGitAttributes,
} from "../../../src/policy/git-attributes.js";

const root = (text: string) => [parseGitAttributes("", text)];

describe("linguistAttributes", () => {
  it.each([
    // No slash: the name at any depth.
    ["*.1 linguist-generated", "man/zstd.1", { generated: true }],
    ["parser.c linguist-generated", "src/parser.c", { generated: true }],
    // A slash anchors the pattern to the file's directory.
    ["src/parser.c linguist-generated", "lib/src/parser.c", {}],
    [
      "/jq.1.prebuilt linguist-generated=true",
      "jq.1.prebuilt",
      { generated: true },
    ],
    ["/jq.1.prebuilt linguist-generated=true", "docs/jq.1.prebuilt", {}],
    // "*" stays within a directory; "**" crosses them.
    ["docs/* linguist-documentation", "docs/api/index.md", {}],
    [
      "docs/** linguist-documentation",
      "docs/api/index.md",
      { documentation: true },
    ],
    ["**/gen/*.go linguist-generated", "a/b/gen/x.go", { generated: true }],
    [
      "third_party/** linguist-vendored",
      "third_party/zlib/inflate.c",
      { vendored: true },
    ],
    ["*.[ch] linguist-vendored", "lib/x.h", { vendored: true }],
    // Unset, and set to false: the repository says people wrote it.
    ["*.pb.go -linguist-generated", "api/user.pb.go", { generated: false }],
    [
      "*.pb.go linguist-generated=false",
      "api/user.pb.go",
      { generated: false },
    ],
    // "binary" and "-diff" are set on images and test data alike: not read.
    ["*.ps binary", "doc/fig.ps", {}],
    ["*.lock -diff", "deps.lock", {}],
    // A pattern naming a directory matches nothing in it (as in git).
    ["docs/ linguist-documentation", "docs/a.md", {}],
    // Attributes Linguist does not read are left alone.
    ["*.sh text eol=lf", "build.sh", {}],
  ])("%s applies to %s as %j", (text, path, expected) => {
    expect(linguistAttributes(root(text), path)).toStrictEqual(expected);
  });

  it("lets a later line override an earlier one, and '!attr' return it to unspecified", () => {
    const rules = root(
      [
        "# generated sources",
        "src/gen/* linguist-generated",
        "src/gen/keep.c -linguist-generated",
        "src/gen/odd.c !linguist-generated",
        "[attr]gen linguist-generated",
      ].join("\n"),
    );
    expect(linguistAttributes(rules, "src/gen/a.c")).toStrictEqual({
      generated: true,
    });
    expect(linguistAttributes(rules, "src/gen/keep.c")).toStrictEqual({
      generated: false,
    });
    expect(linguistAttributes(rules, "src/gen/odd.c")).toStrictEqual({});
  });

  it("reads a nested .gitattributes relative to its directory, over the root's", () => {
    const files = [
      parseGitAttributes("", "*.c linguist-vendored\n"),
      parseGitAttributes(
        "lib",
        "*.c -linguist-vendored\nparser.c linguist-generated\n",
      ),
    ];
    expect(linguistAttributes(files, "deps/a.c")).toStrictEqual({
      vendored: true,
    });
    expect(linguistAttributes(files, "lib/a.c")).toStrictEqual({
      vendored: false,
    });
    expect(linguistAttributes(files, "lib/sub/parser.c")).toStrictEqual({
      vendored: false,
      generated: true,
    });
    // "lib" is not a prefix of "library".
    expect(linguistAttributes(files, "library/parser.c")).toStrictEqual({
      vendored: true,
    });
  });
});
