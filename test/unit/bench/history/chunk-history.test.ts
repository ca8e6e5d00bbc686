import {
  blameFile,
  parseBlame,
  readRecentLog,
} from "../../../../bench/history/read-line-history.js";
import { chunkHistory } from "../../../../bench/history/chunk-history.js";
import {
  blamedFiles,
  HISTORY_COLUMNS,
  historyColumns,
} from "../../../../bench/history/history-columns.js";
import type { RankedChunk } from "../../../../src/retrieval/rank/rank-chunks.js";
import {
  buildHistoryRepo,
  type HistoryRepo,
} from "../../../helpers/history-repo.js";
import { removeDir } from "../../../helpers/temp-repo.js";

describe("the history study's chunk history", () => {
  let repo: HistoryRepo;
  beforeAll(() => {
    repo = buildHistoryRepo();
  });
  afterAll(() => removeDir(repo.root));

  it("blames each line on the commit that last changed it, through the move", async () => {
    const blame = await blameFile(repo.root, repo.head, "src/upload.ts");
    expect(blame?.sha).toEqual([
      repo.added,
      repo.retried,
      repo.retried,
      repo.added,
      repo.added,
      repo.added,
      repo.squashed,
      repo.added,
      repo.squashed,
    ]);
    expect(blame?.time.get(repo.added)).toBeGreaterThan(0);
  });

  it("reads no commit after the one it starts at", async () => {
    const log = await readRecentLog(repo.root, repo.merge, 100);
    expect(log.position.get(repo.merge)).toBe(0);
    expect(log.position.has(repo.squashed)).toBe(false);
    expect(log.fileCommits.get("src/upload.ts")).toEqual([
      log.position.get(repo.retried),
      log.position.get(repo.moved),
    ]);
  });

  it("says how long ago, in the repository's and the file's commits, a chunk last changed", async () => {
    const log = await readRecentLog(repo.root, repo.head, 100);
    const blame = (await blameFile(repo.root, repo.head, "src/upload.ts"))!;
    // Lines 4-6 date from the first commit, under the file's old path: the
    // file's three commits since (move, retry, timeout) all came later.
    expect(chunkHistory(blame, log, "src/upload.ts", 4, 6)).toMatchObject({
      newestCommits: log.position.get(repo.added),
      fileCommitsSince: 3,
      recentFileShare: 0,
      commits: 1,
    });
    // Lines 1-3: two from the retry, one from the first commit.
    expect(chunkHistory(blame, log, "src/upload.ts", 1, 3)).toMatchObject({
      newestCommits: log.position.get(repo.retried),
      medianCommits: log.position.get(repo.retried),
      recentFileShare: 2 / 3,
      commits: 2,
    });
    // The whole file: the tip touched it.
    expect(chunkHistory(blame, log, "src/upload.ts", 1, 9)).toMatchObject({
      newestCommits: 0,
      fileCommitsSince: 0,
      commits: 3,
    });
  });

  it("counts a line older than the log as the log's depth", async () => {
    const log = await readRecentLog(repo.root, repo.head, 2);
    const blame = (await blameFile(repo.root, repo.head, "src/upload.ts"))!;
    expect(chunkHistory(blame, log, "src/upload.ts", 4, 6)?.newestCommits).toBe(
      2,
    );
  });

  it("parses porcelain output, details only after a commit's first line", () => {
    const a = "a".repeat(40);
    const b = "b".repeat(40);
    const text = [
      `${a} 1 1 2`,
      "committer-time 100",
      "\tfirst",
      `${a} 2 2`,
      "\tsecond",
      `${b} 1 3 1`,
      "committer-time 200",
      "\tthird",
    ].join("\n");
    const blame = parseBlame(text);
    expect(blame.sha).toEqual([a, a, b]);
    expect([...blame.time]).toEqual([
      [a, 100],
      [b, 200],
    ]);
  });

  it("has no history for lines blame does not hold", async () => {
    const log = await readRecentLog(repo.root, repo.head, 100);
    expect(
      chunkHistory({ sha: [], time: new Map() }, log, "x.ts", 1, 3),
    ).toBeUndefined();
  });
});

describe("historyColumns", () => {
  let repo: HistoryRepo;
  beforeAll(() => {
    repo = buildHistoryRepo();
  });
  afterAll(() => removeDir(repo.root));

  it("gives blamed chunks their lines' history and every chunk its file's", async () => {
    const log = await readRecentLog(repo.root, repo.head, 100);
    const blame = await blameFile(repo.root, repo.head, "src/upload.ts");
    const chunk = (path: string, startLine: number, endLine: number) =>
      ({ chunk: { path, startLine, endLine } }) as RankedChunk;
    const ranked = [chunk("src/upload.ts", 4, 6), chunk("README.md", 1, 3)];
    expect(blamedFiles(ranked)).toEqual(["src/upload.ts", "README.md"]);
    const [code, readme] = historyColumns(
      ranked,
      new Map([["src/upload.ts", blame]]),
      log,
    );
    const scale = Math.log1p(100);
    const at = (name: (typeof HISTORY_COLUMNS)[number]) =>
      HISTORY_COLUMNS.indexOf(name);
    // Lines 4-6: untouched by the file's three later commits, one commit.
    expect(code?.[at("blamed")]).toBe(1);
    expect(code?.[at("touchedByFileChange")]).toBe(1 / 4);
    expect(code?.[at("lineRecency")]).toBeCloseTo(
      1 - Math.log1p(log.position.get(repo.added)!) / scale,
    );
    expect(code?.[at("lineCommits")]).toBeCloseTo(Math.log(2));
    // The tip changed the code file: the most recent a file can be.
    expect(code?.[at("fileRecency")]).toBe(1);
    expect(code?.[at("fileChurn")]).toBeCloseTo(Math.log1p(3) / scale);
    // Not blamed: no line history, its file's still read from the log.
    expect(readme?.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(readme?.[at("fileRecency")]).toBeCloseTo(
      1 - Math.log1p(log.position.get(repo.readme)!) / scale,
    );
  });
});
