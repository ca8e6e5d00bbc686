import { extractCitations } from "../../../src/answer/extract-citations.js";

const repo = { owner: "octo", repo: "hello" };
const found = (markdown: string) =>
  extractCitations(markdown, repo).map(({ form, paths, range, raw }) => ({
    form,
    paths,
    range,
    raw,
  }));

describe("extractCitations", () => {
  it("finds each form of file reference, with its place in the text", () => {
    const md =
      "A `src/a.ts:12-20`, B [b](lib/b.py#L3), C src/c.go:7, D c.rb#L1-L2, E `README.md`, " +
      "F https://github.com/octo/hello/blob/main/src/f.ts#L5C2-L9C1.";
    const citations = extractCitations(md, repo);
    expect(citations.map((c) => md.slice(c.start, c.end))).toEqual(
      citations.map((c) => c.raw),
    );
    expect(found(md)).toEqual([
      {
        form: "code",
        paths: ["src/a.ts"],
        range: [12, 20],
        raw: "`src/a.ts:12-20`",
      },
      {
        form: "link",
        paths: ["lib/b.py"],
        range: [3, 3],
        raw: "[b](lib/b.py#L3)",
      },
      { form: "plain", paths: ["src/c.go"], range: [7, 7], raw: "src/c.go:7" },
      { form: "plain", paths: ["c.rb"], range: [1, 2], raw: "c.rb#L1-L2" },
      {
        form: "code",
        paths: ["README.md"],
        range: undefined,
        raw: "`README.md`",
      },
      {
        form: "url",
        paths: ["src/f.ts", "f.ts"],
        range: [5, 9],
        raw: "https://github.com/octo/hello/blob/main/src/f.ts#L5C2-L9C1",
      },
    ]);
  });

  it.each([
    [
      "another repository",
      "https://github.com/other/hello/blob/main/src/a.ts#L1",
    ],
    ["an issue link", "https://github.com/octo/hello/issues/4"],
    ["a commit link", "https://github.com/octo/hello/commit/9fceb02"],
    ["a docs link", "[docs](https://docs.github.com/en/rest)"],
    ["an anchor", "[below](#retries)"],
    ["a mail link", "[mail](mailto:a@b.c)"],
    ["an image", "![diagram](docs/flow.png)"],
    ["a dotted name", "`self.retries` and `os.path` and `e.g.`"],
    ["a host and port", "localhost:8080 and example.com:443"],
    ["a time", "at 10:30"],
    ["a version", "v1.2.3:4"],
    ["a call", "`upload(file)`"],
    ["a fenced block", "```\nsrc/a.ts:3 and `b.ts`\n```"],
    ["a tilde fence in a list", "- x\n  ~~~py\n  `a.py`\n  ~~~"],
  ])("leaves %s alone", (_name, md) => {
    expect(found(md)).toEqual([]);
  });

  it("reads text after a fence closes, and a path inside an angle-bracket link", () => {
    expect(
      found(
        "```ts\nx\n```\nsee <https://github.com/octo/hello/blob/v1.0/a.ts>",
      ),
    ).toEqual([
      {
        form: "autolink",
        paths: ["a.ts"],
        range: undefined,
        raw: "<https://github.com/octo/hello/blob/v1.0/a.ts>",
      },
    ]);
  });

  it("keeps sentence punctuation out of a bare URL", () => {
    const [c] = extractCitations(
      "See https://github.com/octo/hello/blob/main/a.ts#L3.",
      repo,
    );
    expect(c?.raw).toBe("https://github.com/octo/hello/blob/main/a.ts#L3");
  });

  it("reads a SHA ref as one segment only, and a raw.githubusercontent.com link", () => {
    const sha = "9fceb02d0ae598e95dc970b74767f19372d61af8";
    expect(
      found(
        `https://github.com/octo/hello/blob/${sha}/src/a.ts https://raw.githubusercontent.com/octo/hello/main/b.ts`,
      ).map((c) => c.paths),
    ).toEqual([["src/a.ts"], ["b.ts"]]);
  });

  it("reads links on a GitHub Enterprise Server repository's host, and not github.com's", () => {
    const onGhes = { ...repo, htmlUrl: "https://ghe.example.com/octo/hello" };
    const citations = extractCitations(
      "See https://ghe.example.com/octo/hello/blob/main/src/a.ts#L3-L5 and " +
        "[this](https://github.com/octo/hello/blob/main/src/b.ts#L1).",
      onGhes,
    );
    expect(citations.map((c) => [c.form, c.paths[0], c.range])).toStrictEqual([
      ["url", "src/a.ts", [3, 5]],
    ]);
  });
});
