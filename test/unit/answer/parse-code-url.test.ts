import { parseCodeUrl } from "../../../src/answer/parse-code-url.js";

const SHA = "9fceb02d0ae598e95dc970b74767f19372d61af8";
const ON_GITHUB = { owner: "octo", repo: "hello" };
const ON_GHES = {
  owner: "octo",
  repo: "hello",
  htmlUrl: "https://ghe.example.com/octo/hello",
};

describe("parseCodeUrl", () => {
  it.each([
    `https://github.com/octo/hello/blob/${SHA}/src/a.ts#L3-L9`,
    `https://www.github.com/Octo/Hello/blob/${SHA}/src/a.ts#L3-L9`,
    `https://raw.githubusercontent.com/octo/hello/${SHA}/src/a.ts#L3-L9`,
  ])("reads %s for a github.com repository", (url) => {
    expect(parseCodeUrl(url, ON_GITHUB)).toStrictEqual({
      paths: ["src/a.ts"],
      ref: SHA,
      range: [3, 9],
    });
  });

  it.each([
    [`https://ghe.example.com/octo/hello/blob/main/src/a.ts#L3`, "main"],
    [`http://GHE.example.com/octo/hello/tree/${SHA}/src/a.ts#L3`, SHA],
  ])(
    "reads %s on the repository's GitHub Enterprise Server host",
    (url, ref) => {
      expect(parseCodeUrl(url, ON_GHES)).toMatchObject({
        paths: expect.arrayContaining(["src/a.ts"]),
        ref,
        range: [3, 3],
      });
    },
  );

  it("reads links under a web root with a path of its own", () => {
    const behindProxy = {
      ...ON_GHES,
      htmlUrl: "https://git.example.com:8443/github/octo/hello/",
    };
    expect(
      parseCodeUrl(
        `https://git.example.com:8443/github/octo/hello/blob/${SHA}/a.ts#L2`,
        behindProxy,
      ),
    ).toStrictEqual({ paths: ["a.ts"], ref: SHA, range: [2, 2] });
    expect(
      parseCodeUrl(
        `https://git.example.com/github/octo/hello/blob/${SHA}/a.ts`,
        behindProxy,
      ),
    ).toBeUndefined();
  });

  it.each([
    // The same name on github.com is another repository.
    `https://github.com/octo/hello/blob/${SHA}/src/a.ts`,
    `https://raw.githubusercontent.com/octo/hello/${SHA}/src/a.ts`,
    `https://ghe.example.com/octo/other/blob/${SHA}/src/a.ts`,
    `https://ghe.example.com/octo/hello/issues/4`,
    `https://ghe.example.com.evil.example/octo/hello/blob/${SHA}/src/a.ts`,
  ])("leaves %s alone for a GitHub Enterprise Server repository", (url) => {
    expect(parseCodeUrl(url, ON_GHES)).toBeUndefined();
  });
});
