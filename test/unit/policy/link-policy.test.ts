import { createLinkPolicy } from "../../../src/policy/link-policy.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const policy = createLinkPolicy({
  repository: { owner: "octo", repo: "hello", sha: SHA },
  allowedHosts: ["docs.python.org", "*.mozilla.org"],
});
const ghes = createLinkPolicy({
  repository: {
    owner: "octo",
    repo: "hello",
    sha: SHA,
    htmlUrl: "https://ghe.example.com/octo/hello",
  },
});

describe("createLinkPolicy", () => {
  it.each([
    `https://github.com/octo/hello/blob/${SHA}/src/a.ts#L3-L9`,
    `https://github.com/Octo/Hello/tree/${SHA}/src`,
    `https://github.com/octo/hello/commit/${SHA}`,
    `https://raw.githubusercontent.com/octo/hello/${SHA}/logo.png`,
    "https://docs.python.org/3/library/http.html",
    "https://developer.mozilla.org/en-US/docs/Web",
    "#retries",
  ])("allows a link to %s", (url) => {
    expect(policy.allowsLink(url)).toBe(true);
  });

  it.each([
    ["another ref", "https://github.com/octo/hello/blob/main/src/a.ts"],
    ["the repository's issues", "https://github.com/octo/hello/issues/3"],
    ["another repository", `https://github.com/other/repo/blob/${SHA}/a.ts`],
    [
      "a path that climbs out",
      `https://github.com/octo/hello/blob/${SHA}/../../../../other/repo`,
    ],
    [
      "credentials before the host",
      "https://github.com@attacker.example/octo/hello",
    ],
    [
      "a host ending like an allowed one",
      "https://evildocs.python.org.attacker.example/",
    ],
    [
      "a look-alike of a wildcard host",
      "https://mozilla.org.attacker.example/",
    ],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<b>x</b>"],
    ["a relative path", "../../settings"],
    ["a protocol-relative address", "//attacker.example/x"],
  ])("refuses a link to %s", (_what, url) => {
    expect(policy.allowsLink(url)).toBe(false);
  });

  it("allows images only from the repository's files at the commit, not from the allowed hosts", () => {
    expect(
      policy.allowsImage(
        `https://github.com/octo/hello/blob/${SHA}/logo.png?raw=true`,
      ),
    ).toBe(true);
    expect(
      policy.allowsImage(
        `https://raw.githubusercontent.com/octo/hello/${SHA}/logo.png`,
      ),
    ).toBe(true);
    expect(policy.allowsImage("https://docs.python.org/logo.png")).toBe(false);
    expect(
      policy.allowsImage(`https://github.com/octo/hello/commit/${SHA}`),
    ).toBe(false);
    expect(
      policy.allowsImage("https://github.com/octo/hello/blob/main/logo.png"),
    ).toBe(false);
  });

  it("reads the repository's host from its page on GitHub Enterprise Server", () => {
    expect(
      ghes.allowsLink(`https://ghe.example.com/octo/hello/blob/${SHA}/a.ts`),
    ).toBe(true);
    expect(
      ghes.allowsLink(`https://github.com/octo/hello/blob/${SHA}/a.ts`),
    ).toBe(false);
    expect(
      ghes.allowsImage(
        `https://raw.githubusercontent.com/octo/hello/${SHA}/a.png`,
      ),
    ).toBe(false);
  });
});
