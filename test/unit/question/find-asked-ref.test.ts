import { findAskedRef } from "../../../src/question/find-asked-ref.js";

const REPOSITORY = {
  owner: "Octo-Org",
  repo: "Hello-World",
  htmlUrl: "https://github.com/Octo-Org/Hello-World",
};
const SHA40 = "4f2a9c1e0b7d3a5f6c8e9d0a1b2c3d4e5f6a7b8c";

describe("findAskedRef, 'on <ref>' / 'at <ref>' at the start of the question", () => {
  it.each([
    ["on v2.1 where is X?", "v2.1", "where is X?"],
    ["On v2.1, where is X?", "v2.1", "where is X?"],
    ["on v2 how are retries decided?", "v2", "how are retries decided?"],
    ["on v2.1.0-rc.1 why does it fail?", "v2.1.0-rc.1", "why does it fail?"],
    ["on 2.1.0 where is X?", "2.1.0", "where is X?"],
    ["on release-1.2: where is X?", "release-1.2", "where is X?"],
    ["on stable_2.0 where is X?", "stable_2.0", "where is X?"],
    ["at 4f2a9c1: what does upload do?", "4f2a9c1", "what does upload do?"],
    [`at ${SHA40} what changed?`, SHA40, "what changed?"],
    ["  at commit 4f2a9c1 what changed?", "4f2a9c1", "what changed?"],
    ["on tag v2.1 where is X?", "v2.1", "where is X?"],
    ["on the branch feature/login where is X?", "feature/login", "where is X?"],
    ["on feature/login where is X?", "feature/login", "where is X?"],
    ["on jdoe/fix-retry - why this?", "jdoe/fix-retry", "why this?"],
    ["on release/2.1 where is X?", "release/2.1", "where is X?"],
    ["on `feature-x` where is X?", "feature-x", "where is X?"],
    ["on `main`: where is X?", "main", "where is X?"],
    ["at `1234567` what changed?", "1234567", "what changed?"],
    ["on v2.1.", "v2.1", ""],
    ["on v2.1", "v2.1", ""],
    ["on v2.1\n\nwhere is X?", "v2.1", "where is X?"],
  ])("%j names %j", (question, ref, rest) => {
    expect(findAskedRef(question, REPOSITORY)).toStrictEqual({
      ref,
      from: "phrase",
      question: rest,
    });
  });

  it.each([
    "on Windows the upload fails, why?",
    "at startup, what runs first?",
    "on the main page, where is the header built?",
    "on main where is X?", // a bare word: name it in backticks
    "on V8 how is the bytecode cached?",
    "at 2.5 seconds the request times out, why?",
    "on 2.1 where is X?",
    "at 1000000 rows the import is slow",
    "at defaced pages, who renders them?",
    "at src/app.ts:12, why is this here?",
    "on docs/setup, is this current?",
    "on iOS/Android where is the share sheet?",
    "on a/b testing, where is the flag?",
    "on windows-10 the path breaks",
    "on python-3.12 the tests fail",
    "on the branch protection page, what is checked?",
    "where is X on v2.1?", // not at the start
    "online v2.1 docs mention X",
    "on `two words` where is X?",
    "on `../etc` where is X?",
    "on `-x` where is X?",
    "at v2.1x where is X?",
    "",
  ])("%j names no ref", (question) => {
    expect(findAskedRef(question, REPOSITORY)).toBeUndefined();
  });
});

describe("findAskedRef, a link to this repository's code", () => {
  it.each([
    [
      `why is https://github.com/octo-org/hello-world/blob/${SHA40}/src/a.ts#L1-L5 like this?`,
      SHA40,
    ],
    [
      "see https://github.com/Octo-Org/Hello-World/blob/v2.1/src/a.ts#L3",
      "v2.1",
    ],
    ["look at https://github.com/octo-org/hello-world/tree/dev", "dev"],
    [
      "what did https://github.com/octo-org/hello-world/tree/release-1.2/src change?",
      "release-1.2",
    ],
    [
      "why https://github.com/octo-org/hello-world/commit/4f2a9c1e0b?",
      "4f2a9c1e0b",
    ],
    [
      "[this](https://github.com/octo-org/hello-world/blob/main/README.md) says X",
      "main",
    ],
  ])("%j names %j", (question, ref) => {
    expect(findAskedRef(question, REPOSITORY)).toStrictEqual({
      ref,
      from: "permalink",
      question,
    });
  });

  it("takes the first of several links", () => {
    const question =
      "https://github.com/octo-org/hello-world/blob/v1.0/a.ts vs https://github.com/octo-org/hello-world/blob/v2.0/a.ts";
    expect(findAskedRef(question, REPOSITORY)?.ref).toBe("v1.0");
  });

  it("prefers the phrase to a link", () => {
    const question =
      "on v2.1 is https://github.com/octo-org/hello-world/blob/v1.0/a.ts still right?";
    expect(findAskedRef(question, REPOSITORY)).toMatchObject({
      ref: "v2.1",
      from: "phrase",
    });
  });

  it.each([
    // another repository, another owner, another host
    "see https://github.com/octo-org/other/blob/v2.1/src/a.ts#L3",
    "see https://github.com/someone/hello-world/blob/v2.1/src/a.ts#L3",
    "see https://ghe.example.com/octo-org/hello-world/blob/v2.1/src/a.ts#L3",
    // not a code link
    "see https://github.com/octo-org/hello-world/issues/3",
    "see https://github.com/octo-org/hello-world/pull/3/files",
    // a commit link without a SHA
    "see https://github.com/octo-org/hello-world/commit/main",
    "no link at all",
  ])("%j names no ref", (question) => {
    expect(findAskedRef(question, REPOSITORY)).toBeUndefined();
  });

  it("compares the host with the repository's own (GitHub Enterprise Server)", () => {
    const enterprise = {
      owner: "octo-org",
      repo: "hello-world",
      htmlUrl: "https://GHE.example.com/octo-org/hello-world",
    };
    expect(
      findAskedRef(
        "see https://ghe.example.com/octo-org/hello-world/blob/v2.1/a.ts",
        enterprise,
      )?.ref,
    ).toBe("v2.1");
    expect(
      findAskedRef(
        "see https://github.com/octo-org/hello-world/blob/v2.1/a.ts",
        enterprise,
      ),
    ).toBeUndefined();
  });

  it("reads github.com when the repository has no page address", () => {
    expect(
      findAskedRef("see https://github.com/octo/hello/blob/v3.0/a.ts", {
        owner: "octo",
        repo: "hello",
      })?.ref,
    ).toBe("v3.0");
  });

  it("decodes a percent-encoded ref", () => {
    expect(
      findAskedRef(
        "see https://github.com/octo-org/hello-world/tree/feature%2Flogin",
        REPOSITORY,
      )?.ref,
    ).toBe("feature/login");
  });
});
