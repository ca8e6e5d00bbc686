import nock from "nock";
import {
  createPullRequests,
  MAX_CHANGED_FILES,
} from "../../../src/conversation/pull-requests.js";
import {
  headMovedNote,
  pullRequestCommit,
} from "../../../src/conversation/pull-request-commit.js";
import { RefNotFoundError } from "../../../src/shared/errors.js";
import { restHeaders } from "../../helpers/nock-github.js";
import {
  restPullRequest,
  restPullRequestFile,
} from "../../helpers/rest-pull-request.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";

const API = "https://api.github.com";
const PULLS = "/repos/Codertocat/Hello-World/pulls";
const HEAD = "ec26c3e57ca3a959ca5aad62de7213c562f8c821";
const pulls = () =>
  createPullRequests(createTestOctokit(), {
    owner: "Codertocat",
    repo: "Hello-World",
  });
const PATCH =
  "@@ -1,3 +1,4 @@\n # Hello-World\n-Hello\n+Hello, world\n+Welcome\n ";

describe("createPullRequests().read", () => {
  afterEach(() => nock.cleanAll());

  it("reads the head, the base and every changed file with its diff", async () => {
    nock(API)
      .get(`${PULLS}/2`)
      .reply(200, restPullRequest({ changedFiles: 2 }), restHeaders())
      .get(`${PULLS}/2/files`)
      .query({ per_page: "100", page: "1" })
      .reply(
        200,
        [
          restPullRequestFile("README.md", PATCH),
          restPullRequestFile("logo.png", undefined, "added"),
        ],
        restHeaders(),
      );
    const pr = await pulls().read(2);
    expect(pr).toEqual({
      number: 2,
      head: { sha: HEAD, ref: "changes", repository: "Codertocat/Hello-World" },
      base: { ref: "master", sha: expect.stringMatching(/^[0-9a-f]{40}$/) },
      state: "open",
      changedFiles: 2,
      files: [
        {
          path: "README.md",
          status: "modified",
          additions: 2,
          deletions: 1,
          patch: PATCH,
        },
        { path: "logo.png", status: "added", additions: 0, deletions: 0 },
      ],
    });
  });

  it(`reads at most ${MAX_CHANGED_FILES} files of a sweeping pull request, and says how many it changes`, async () => {
    const page = (n: number) =>
      Array.from({ length: 100 }, (_, i) =>
        restPullRequestFile(`src/f${n * 100 + i}.ts`, PATCH),
      );
    const scope = nock(API)
      .get(`${PULLS}/2`)
      .reply(200, restPullRequest({ changedFiles: 1200 }), restHeaders());
    for (const n of [0, 1, 2])
      scope
        .get(`${PULLS}/2/files`)
        .query({ per_page: "100", page: String(n + 1) })
        .reply(200, page(n), restHeaders());
    const pr = await pulls().read(2);
    expect(pr.files).toHaveLength(MAX_CHANGED_FILES);
    expect(pr.files.at(-1)?.path).toBe("src/f299.ts");
    expect(pr.changedFiles).toBe(1200);
    expect(scope.isDone()).toBe(true);
  });

  it("names a deleted fork's head as having no repository", async () => {
    nock(API)
      .get(`${PULLS}/2`)
      .reply(
        200,
        restPullRequest({ headRepository: null, changedFiles: 0 }),
        restHeaders(),
      )
      .get(`${PULLS}/2/files`)
      .query(true)
      .reply(200, [], restHeaders());
    expect((await pulls().read(2)).head.repository).toBeNull();
  });
});

describe("pullRequestCommit", () => {
  const pr = {
    number: 2,
    head: { sha: HEAD, ref: "changes", repository: "someone/Hello-World" },
    base: { ref: "master", sha: "f".repeat(40) },
    state: "open",
    files: [],
    changedFiles: 0,
  };

  it("reads the head commit through the base repository, a fork's included", async () => {
    const asked: Array<string | undefined> = [];
    const host = {
      resolveRef: async (ref?: string) => {
        asked.push(ref);
        return { sha: ref!, ref: ref! };
      },
    };
    expect(await pullRequestCommit(host, pr)).toEqual({
      resolved: { sha: HEAD, ref: "pull/2/head" },
    });
    expect(asked).toEqual([HEAD]);
  });

  it("reads the base branch, and says so, when GitHub no longer has the head", async () => {
    const host = {
      resolveRef: async (ref?: string) => {
        if (ref === HEAD) throw new RefNotFoundError(HEAD);
        return { sha: "a".repeat(40), ref: ref! };
      },
    };
    const read = await pullRequestCommit(host, pr);
    expect(read.resolved).toEqual({ sha: "a".repeat(40), ref: "master" });
    expect(read.note).toBe(
      "askcode could not read pull request #2's head commit ec26c3e (GitHub no longer has it), so this answer reads the base branch `master` instead.",
    );
  });

  it("lets any other failure through: the run's failure reply says what it was", async () => {
    const host = {
      resolveRef: async () => {
        throw new Error("GitHub answered 502");
      },
    };
    await expect(pullRequestCommit(host, pr)).rejects.toThrow("502");
  });
});

describe("headMovedNote", () => {
  it("says the head moved, to which commit, and which one the answer reads", async () => {
    const moved = { headSha: async () => "1234567".padEnd(40, "0") };
    expect(await headMovedNote(moved, 2, HEAD)).toBe(
      "Pull request #2 moved to commit 1234567 while askcode was answering; this answer reads ec26c3e, its head when askcode started.",
    );
  });

  it("says nothing when the head did not move", async () => {
    expect(await headMovedNote({ headSha: async () => HEAD }, 2, HEAD)).toBe(
      undefined,
    );
  });

  it("hands back the failure when the head cannot be read, for the run to log", async () => {
    const failing = { headSha: () => Promise.reject(new Error("502")) };
    await expect(headMovedNote(failing, 2, HEAD)).rejects.toThrow("502");
  });
});
