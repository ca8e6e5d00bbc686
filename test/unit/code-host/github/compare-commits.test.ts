import nock from "nock";
import {
  compareCommits,
  readComparison,
} from "../../../../src/code-host/github/compare-commits.js";
import { GITHUB_API, restHeaders } from "../../../helpers/nock-github.js";
import { createTestOctokit } from "../../../helpers/test-octokit.js";

// The fields of GitHub's "compare two commits" answer the watch reads, as
// documented (https://docs.github.com/en/rest/commits/commits#compare-two-commits).
const FILE = {
  sha: "bbcd538c8e72b8c175046e27cc8f907076331401",
  filename: "file1.txt",
  status: "added",
  additions: 103,
  deletions: 21,
  changes: 124,
  blob_url:
    "https://github.com/octocat/Hello-World/blob/6dcb09b5b57875f334f61aebed695e2e4193db5e/file1.txt",
  raw_url:
    "https://github.com/octocat/Hello-World/raw/6dcb09b5b57875f334f61aebed695e2e4193db5e/file1.txt",
  contents_url:
    "https://api.github.com/repos/octocat/Hello-World/contents/file1.txt?ref=6dcb09b5b57875f334f61aebed695e2e4193db5e",
  patch: "@@ -132,7 +132,7 @@ module Test @@ -1000,7 +1000,7 @@ module Test",
};

describe("readComparison", () => {
  it("reads the status, the merge base and each file's path, status, head blob and patch", () => {
    expect(
      readComparison({
        status: "behind",
        merge_base_commit: { sha: "6dcb09b5b57875f334f61aebed695e2e4193db5e" },
        files: [
          FILE,
          {
            ...FILE,
            filename: "b.txt",
            status: "renamed",
            previous_filename: "a.txt",
            patch: undefined,
          },
          { ...FILE, filename: "gone.txt", status: "removed" },
          { ...FILE, filename: "c.txt", status: "changed" },
        ],
      }),
    ).toStrictEqual({
      status: "behind",
      mergeBase: "6dcb09b5b57875f334f61aebed695e2e4193db5e",
      files: [
        {
          path: "file1.txt",
          status: "added",
          blob: FILE.sha,
          patch: FILE.patch,
        },
        {
          path: "b.txt",
          status: "renamed",
          previousPath: "a.txt",
          blob: FILE.sha,
        },
        { path: "gone.txt", status: "removed", patch: FILE.patch },
        { path: "c.txt", status: "other", blob: FILE.sha, patch: FILE.patch },
      ],
      filesCut: false,
    });
  });

  it("knows GitHub cut the list at 300 files", () => {
    const files = Array.from({ length: 300 }, (_, i) => ({
      ...FILE,
      filename: `f${i}`,
    }));
    expect(
      readComparison({
        status: "ahead",
        merge_base_commit: { sha: "a" },
        files,
      }).filesCut,
    ).toBe(true);
  });

  it("names what is missing from an answer it cannot read", () => {
    expect(() => readComparison({ status: "sideways" })).toThrow(
      'GitHub\'s comparison of two commits has no status GitHub documents: "sideways"',
    );
    expect(() => readComparison({ status: "ahead" })).toThrow(
      "GitHub's comparison of two commits names no merge base",
    );
  });
});

describe("compareCommits", () => {
  afterEach(() => nock.cleanAll());
  const BASE = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
  const HEAD = "8f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b";
  const route = `/repos/o/r/compare/${BASE}...${HEAD}`;

  it("resolves undefined when GitHub cannot compare the two (a force push left the base unreachable)", async () => {
    const octokit = createTestOctokit();
    const scope = nock(GITHUB_API)
      .get(route)
      .query({ per_page: "1" })
      .reply(
        404,
        {
          message: `No common ancestor between ${BASE} and ${HEAD}.`,
          documentation_url:
            "https://docs.github.com/rest/commits/commits#compare-two-commits",
          status: "404",
        },
        restHeaders({ "cache-control": "no-cache" }),
      );
    expect(
      await compareCommits(octokit, {
        owner: "o",
        repo: "r",
        base: BASE,
        head: HEAD,
      }),
    ).toBeUndefined();
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("throws any other failure", async () => {
    const octokit = createTestOctokit({ serverErrorRetries: 0 });
    const scope = nock(GITHUB_API)
      .get(route)
      .query({ per_page: "1" })
      .reply(
        422,
        { message: "Validation Failed", status: "422" },
        restHeaders({ "cache-control": "no-cache" }),
      );
    await expect(
      compareCommits(octokit, {
        owner: "o",
        repo: "r",
        base: BASE,
        head: HEAD,
      }),
    ).rejects.toMatchObject({ status: 422 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
