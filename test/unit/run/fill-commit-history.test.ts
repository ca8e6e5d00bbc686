import nock from "nock";
import { fillCommitHistory } from "../../../src/run/fill-commit-history.js";
import { keptHistoryAt } from "../../../src/run/kept-history-at.js";
import { createSqliteCommitHistory } from "../../../src/storage/commit-history/sqlite-commit-history.js";
import type { CommitHistory } from "../../../src/storage/commit-history/commit-history.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { memorySqliteDatabase } from "../../helpers/memory-sqlite-database.js";
import {
  commitFile,
  nockGetCommit,
  nockListCommits,
} from "../../helpers/nock-commits.js";
import { HELLO_WORLD } from "../../helpers/nock-github.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";

const REPOSITORY = 186853002;
const sha = (n: number) => n.toString(16).padStart(40, "0");
const { owner, repo } = HELLO_WORLD;

let history: CommitHistory;
beforeEach(() => {
  history = createSqliteCommitHistory(memorySqliteDatabase(), {
    clock: createFakeClock(),
  });
});

describe("fillCommitHistory", () => {
  it("reads the commits back from the question's, one request for the list and one per commit's files, to the first commit", async () => {
    const scope = nockListCommits({
      from: sha(3),
      perPage: 5,
      shas: [sha(3), sha(2), sha(1)],
    });
    nockGetCommit(
      {
        sha: sha(3),
        perPage: 31,
        files: [
          commitFile("CHANGES.rst"),
          commitFile("src/new.py", "src/old.py"),
        ],
      },
      scope,
    );
    nockGetCommit(
      {
        sha: sha(2),
        perPage: 31,
        files: Array.from({ length: 31 }, (_, i) => commitFile(`f${i}`)),
      },
      scope,
    );
    nockGetCommit(
      { sha: sha(1), perPage: 31, files: [commitFile("README.md")] },
      scope,
    );
    const done = await fillCommitHistory(
      {
        repositoryId: REPOSITORY,
        owner,
        repo,
        resume: { from: sha(3), kept: false },
        requests: 5,
      },
      { octokit: createTestOctokit(), history, kept: new Map() },
    );
    expect(done).toStrictEqual({ read: 3, requests: 4 });
    expect(scope.pendingMocks()).toStrictEqual([]);
    const kept = await history.read(REPOSITORY);
    // A rename as its new and its old path; a commit over 30 files keeps its place, with none.
    expect(keptHistoryAt(kept, sha(3))).toStrictEqual({
      history: {
        commit: sha(3),
        commits: [["CHANGES.rst", "src/new.py", "src/old.py"], ["README.md"]],
      },
      walked: 3,
    });
  });

  it("sends no more requests than its budget, and the next fill reads on from where it stopped", async () => {
    const scope = nockListCommits({
      from: sha(9),
      perPage: 2,
      shas: [sha(9), sha(8)],
    });
    nockGetCommit(
      { sha: sha(9), perPage: 31, files: [commitFile("a.py")] },
      scope,
    );
    await fillCommitHistory(
      {
        repositoryId: REPOSITORY,
        owner,
        repo,
        resume: { from: sha(9), kept: false },
        requests: 2,
      },
      { octokit: createTestOctokit(), history, kept: new Map() },
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
    const kept = await history.read(REPOSITORY);
    expect(keptHistoryAt(kept, sha(9)).resume).toStrictEqual({
      from: sha(8),
      kept: false,
    });
  });

  it("stops at a commit kept with what came before it, reading nothing kept again", async () => {
    // A push kept 5 after 4; the question is at 7, pushed while the app was away.
    await history.add(REPOSITORY, [
      { sha: sha(5), previous: sha(4), files: ["b.py"] },
    ]);
    const scope = nockListCommits({
      from: sha(7),
      perPage: 10,
      shas: [sha(7), sha(6), sha(5), sha(4)],
    });
    nockGetCommit(
      { sha: sha(7), perPage: 31, files: [commitFile("c.py")] },
      scope,
    );
    nockGetCommit(
      { sha: sha(6), perPage: 31, files: [commitFile("d.py")] },
      scope,
    );
    const done = await fillCommitHistory(
      {
        repositoryId: REPOSITORY,
        owner,
        repo,
        resume: { from: sha(7), kept: false },
        requests: 10,
      },
      {
        octokit: createTestOctokit(),
        history,
        kept: await history.read(REPOSITORY),
      },
    );
    expect(done).toStrictEqual({ read: 2, requests: 3 });
    expect(scope.pendingMocks()).toStrictEqual([]);
    expect(
      keptHistoryAt(await history.read(REPOSITORY), sha(7)).history?.commits,
    ).toStrictEqual([["c.py"], ["d.py"], ["b.py"]]);
  });

  it("reads on from a force push's first commit to its real parents", async () => {
    await history.add(REPOSITORY, [{ sha: sha(7), files: ["c.py"] }]);
    const scope = nockListCommits({
      from: sha(7),
      perPage: 4,
      shas: [sha(7), sha(3), sha(2)],
    });
    nockGetCommit(
      { sha: sha(3), perPage: 31, files: [commitFile("a.py")] },
      scope,
    );
    nockGetCommit(
      { sha: sha(2), perPage: 31, files: [commitFile("b.py")] },
      scope,
    );
    await fillCommitHistory(
      {
        repositoryId: REPOSITORY,
        owner,
        repo,
        resume: { from: sha(7), kept: true },
        requests: 3,
      },
      {
        octokit: createTestOctokit(),
        history,
        kept: await history.read(REPOSITORY),
      },
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
    expect(
      keptHistoryAt(await history.read(REPOSITORY), sha(7)).history?.commits,
    ).toStrictEqual([["c.py"], ["a.py"], ["b.py"]]);
  });

  it("gives way to questions when less than a quarter of the installation's rate limit is left", async () => {
    const scope = nockListCommits({
      from: sha(9),
      perPage: 10,
      shas: [sha(9), sha(8)],
      remaining: 1300,
    });
    nockGetCommit(
      {
        sha: sha(9),
        perPage: 31,
        files: [commitFile("a.py")],
        remaining: 1249,
      },
      scope,
    );
    const done = await fillCommitHistory(
      {
        repositoryId: REPOSITORY,
        owner,
        repo,
        resume: { from: sha(9), kept: false },
        requests: 10,
      },
      { octokit: createTestOctokit(), history, kept: new Map() },
    );
    expect(done).toStrictEqual({ read: 1, requests: 2 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("keeps what it read when a request fails", async () => {
    const scope = nockListCommits({
      from: sha(9),
      perPage: 10,
      shas: [sha(9), sha(8), sha(7)],
    });
    nockGetCommit(
      { sha: sha(9), perPage: 31, files: [commitFile("a.py")] },
      scope,
    );
    scope
      .get(`/repos/${owner}/${repo}/commits/${sha(8)}`)
      .query(true)
      .reply(404, { message: "Not Found" });
    await expect(
      fillCommitHistory(
        {
          repositoryId: REPOSITORY,
          owner,
          repo,
          resume: { from: sha(9), kept: false },
          requests: 10,
        },
        { octokit: createTestOctokit(), history, kept: new Map() },
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(scope.pendingMocks()).toStrictEqual([]);
    expect(
      keptHistoryAt(await history.read(REPOSITORY), sha(9)).history?.commits,
    ).toStrictEqual([["a.py"]]);
  });

  it("sends nothing with a budget of less than two requests", async () => {
    await expect(
      fillCommitHistory(
        {
          repositoryId: REPOSITORY,
          owner,
          repo,
          resume: { from: sha(9), kept: false },
          requests: 1,
        },
        { octokit: createTestOctokit(), history, kept: new Map() },
      ),
    ).resolves.toStrictEqual({ read: 0, requests: 0 });
    expect(nock.pendingMocks()).toStrictEqual([]);
  });
});

describe("fillCommitHistory while the process stops", () => {
  it("sends nothing more once told, keeping what it read", async () => {
    const history = createSqliteCommitHistory(memorySqliteDatabase(), {
      clock: createFakeClock(),
    });
    const scope = nockListCommits({
      from: sha(9),
      perPage: 10,
      shas: [sha(9), sha(8), sha(7)],
    });
    nockGetCommit(
      { sha: sha(9), perPage: 31, files: [commitFile("a.py")] },
      scope,
    );
    // The stop comes while the first commit's files are read (the list, then it).
    const stopping = new AbortController();
    let replies = 0;
    scope.on("replied", () => {
      if (++replies === 2) stopping.abort();
    });
    const done = await fillCommitHistory(
      {
        repositoryId: REPOSITORY,
        owner,
        repo,
        resume: { from: sha(9), kept: false },
        requests: 10,
      },
      {
        octokit: createTestOctokit(),
        history,
        kept: new Map(),
        signal: stopping.signal,
      },
    );
    expect(done).toStrictEqual({ read: 1, requests: 2 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
