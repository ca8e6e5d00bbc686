import { join } from "node:path";
import {
  createLocalCodeHost,
  type LocalCodeHost,
} from "../../../../src/code-host/local/local-code-host.js";
import {
  buildHistoryRepo,
  type HistoryRepo,
} from "../../../helpers/history-repo.js";
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

let repo: HistoryRepo;
const hosts: LocalCodeHost[] = [];
const dirs: string[] = [];

function open(root: string): LocalCodeHost {
  const host = createLocalCodeHost({ root });
  hosts.push(host);
  return host;
}

beforeAll(() => {
  repo = buildHistoryRepo();
  dirs.push(repo.root);
});
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});
afterAll(() => dirs.forEach(removeDir));

const COMMITTED_AT = "2025-01-01T00:00:00.000Z";

describe("lineHistory in a local checkout (git blame --porcelain)", () => {
  it("names each line's last commit, follows the move and finds the merged and the squashed pull requests", async () => {
    const reader = open(repo.root).at(repo.head);
    const history = await reader.lineHistory!("src/upload.ts", 1, 9);
    expect(history).toStrictEqual({
      path: "src/upload.ts",
      startLine: 1,
      endLine: 9,
      limits: [],
      ranges: [
        {
          startLine: 1,
          endLine: 1,
          previousPath: "lib/upload-client.ts",
          commit: {
            sha: repo.added,
            headline: "Add the upload client",
            committedAt: COMMITTED_AT,
          },
        },
        {
          startLine: 2,
          endLine: 3,
          commit: {
            sha: repo.retried,
            headline: "Retry uploads twice",
            committedAt: COMMITTED_AT,
            pullRequest: { number: 12, title: "Retry failed uploads" },
          },
        },
        {
          startLine: 4,
          endLine: 6,
          previousPath: "lib/upload-client.ts",
          commit: {
            sha: repo.added,
            headline: "Add the upload client",
            committedAt: COMMITTED_AT,
          },
        },
        {
          startLine: 7,
          endLine: 7,
          commit: {
            sha: repo.squashed,
            headline: "Time out uploads after 30 s (#34)",
            committedAt: COMMITTED_AT,
            pullRequest: { number: 34, title: "Time out uploads after 30 s" },
          },
        },
        {
          startLine: 8,
          endLine: 8,
          previousPath: "lib/upload-client.ts",
          commit: {
            sha: repo.added,
            headline: "Add the upload client",
            committedAt: COMMITTED_AT,
          },
        },
        {
          startLine: 9,
          endLine: 9,
          commit: {
            sha: repo.squashed,
            headline: "Time out uploads after 30 s (#34)",
            committedAt: COMMITTED_AT,
            pullRequest: { number: 34, title: "Time out uploads after 30 s" },
          },
        },
      ],
    });
  });

  it("finds the pull request a release branch merged, and one merged with a titled merge commit", async () => {
    const root = initRepo();
    dirs.push(root);
    writeFiles(root, { "a.txt": "one\ntwo\nthree\n" });
    commitAll(root, "Start");
    git(root, "checkout", "--quiet", "-b", "stable");
    git(root, "checkout", "--quiet", "-b", "fix");
    writeFiles(root, { "a.txt": "ONE\ntwo\nthree\n" });
    const fixed = commitAll(root, "Fix the first line");
    git(root, "checkout", "--quiet", "stable");
    writeFiles(root, { "b.txt": "b\n" });
    commitAll(root, "Another fix on stable");
    git(
      root,
      "merge",
      "--quiet",
      "--no-ff",
      "-m",
      "Merge pull request #7 from octo/fix\n\nUpper-case the first line",
      "fix",
    );
    git(root, "checkout", "--quiet", "main");
    git(root, "checkout", "--quiet", "-b", "quick");
    writeFiles(root, { "a.txt": "one\ntwo\nTHREE\n" });
    const quick = commitAll(root, "Shout the last line");
    git(root, "checkout", "--quiet", "main");
    writeFiles(root, { "c.txt": "c\n" });
    commitAll(root, "Meanwhile on main");
    git(root, "merge", "--quiet", "--no-ff", "-m", "Shout lines (#8)", "quick");
    git(
      root,
      "merge",
      "--quiet",
      "--no-ff",
      "-m",
      "Merge branch 'stable'",
      "stable",
    );
    const head = git(root, "rev-parse", "HEAD");

    const history = await open(root).at(head).lineHistory!("a.txt", 1, 3);
    expect(
      history.ranges.map((r) => [
        r.startLine,
        r.commit.sha,
        r.commit.pullRequest,
      ]),
    ).toStrictEqual([
      [1, fixed, { number: 7, title: "Upper-case the first line" }],
      [2, expect.any(String), undefined],
      [3, quick, { number: 8, title: "Shout lines" }],
    ]);
  });

  it("reads at the commit asked for, not the tip", async () => {
    const reader = open(repo.root).at(repo.merge);
    const history = await reader.lineHistory!("src/upload.ts", 7, 7);
    expect(history.ranges.map((r) => r.commit.sha)).toStrictEqual([repo.added]);
  });

  it("says a shallow checkout's oldest commit may not be the lines' last change", async () => {
    const clone = makeTempDir("askcode-shallow-");
    dirs.push(clone);
    git(clone, "clone", "--quiet", "--depth", "1", `file://${repo.root}`, ".");
    const host = open(clone);
    const { sha } = await host.resolveRef();
    const history = await host.at(sha).lineHistory!("src/upload.ts", 1, 2);
    expect(history.ranges).toStrictEqual([
      expect.objectContaining({
        startLine: 1,
        endLine: 2,
        commit: expect.objectContaining({ sha: repo.head }),
      }),
    ]);
    expect(history.limits).toStrictEqual([
      `This checkout's history is shallow (\`git rev-parse --is-shallow-repository\`): lines shown at ${repo.head.slice(0, 7)}, the oldest commit it holds, may be older; fetch the full history (\`git fetch --unshallow\`) to see their last change.`,
    ]);
  });

  it("says which lines of the working tree are not committed yet", async () => {
    const clone = makeTempDir("askcode-edited-");
    dirs.push(clone);
    git(clone, "clone", "--quiet", repo.root, ".");
    writeFiles(clone, { "README.md": "# uploads, edited\n\nSends files.\n" });
    const host = open(clone);
    const { sha } = await host.resolveRef();
    const history = await host.at(sha).lineHistory!("README.md", 1, 3);
    expect(history.ranges.map((r) => [r.startLine, r.endLine])).toStrictEqual([
      [2, 3],
    ]);
    expect(history.limits).toStrictEqual([
      "Line 1 of README.md is not committed yet: it has no history.",
    ]);
  });

  it("says plainly when there is no such file, or the range is past its end, and caps a long range", async () => {
    const reader = open(repo.root).at(repo.head);
    expect(await reader.lineHistory!("src/nothing.ts", 1, 3)).toStrictEqual({
      path: "src/nothing.ts",
      startLine: 1,
      endLine: 3,
      ranges: [],
      limits: [
        `src/nothing.ts is not a file git knows at ${repo.head.slice(0, 7)}: it has no history.`,
      ],
    });
    expect(
      (await reader.lineHistory!("src/upload.ts", 40, 42)).limits,
    ).toStrictEqual([
      `src/upload.ts at ${repo.head.slice(0, 7)} has fewer than 40 lines: no history for lines 40-42.`,
    ]);
    const long = await reader.lineHistory!("src/upload.ts", 1, 500);
    expect(long.endLine).toBe(200);
    expect(long.limits[0]).toBe(
      "Only lines 1-200 of the 500 asked for were read: one history covers at most 200 lines.",
    );
  });

  it("refuses a range that is not one, naming it", async () => {
    const reader = open(repo.root).at(repo.head);
    expect(() => reader.lineHistory!("src/upload.ts", 5, 2)).toThrow(
      "lineHistory: lines 5-2 are not a range; give 1-based start and end lines, the end not before the start.",
    );
  });

  it("has no history to give outside git", async () => {
    const plain = makeTempDir("askcode-plain-");
    dirs.push(plain);
    writeFiles(plain, { "a.txt": "one\n" });
    const host = open(plain);
    const { sha } = await host.resolveRef();
    expect(
      (await host.at(sha).lineHistory!("a.txt", 1, 1)).limits,
    ).toStrictEqual([
      `${join(plain)} is not a git repository: its files have no history.`,
    ]);
  });
});
