import { memorySqliteDatabase } from "../../helpers/memory-sqlite-database.js";
import { createSqliteAnswerRecords } from "../../../src/storage/answer-records/sqlite-answer-records.js";
import type { CommitComparison } from "../../../src/code-host/github/compare-commits.js";
import { checkPushedAnswers } from "../../../src/watch/check-pushed-answers.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import {
  keptUploadAnswer,
  uploadAnswerBody,
} from "../../integration/kept-answer.js";
import {
  REPOSITORY_ID,
  SHA,
  UPLOAD_REPOSITORY,
} from "../../integration/probot-harness.js";
import type { HeadFiles } from "../../../src/watch/compare-cited-file.js";
import { repositoryKey } from "../../../src/storage/answer-records/answer-record.js";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const PUSHED = "8f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b";
const CHANGED: CommitComparison = {
  status: "ahead",
  mergeBase: SHA,
  files: [
    {
      path: "src/upload.py",
      status: "modified",
      blob: "c".repeat(40),
      patch:
        "@@ -8 +8 @@\n-    if attempt >= MAX_ATTEMPTS:\n+    if attempt > MAX_ATTEMPTS:",
    },
  ],
  filesCut: false,
};
const push = {
  deliveryId: "d-1",
  installationId: 1,
  repositoryId: REPOSITORY_ID,
  owner: "Codertocat",
  repo: "Hello-World",
  htmlUrl: "https://github.com/Codertocat/Hello-World",
  before: SHA,
  head: PUSHED,
  forced: false,
  changedPaths: new Set(["src/upload.py"]),
  commits: [{ sha: PUSHED, paths: ["src/upload.py"], cut: false }],
  followsBefore: true,
};

/** The blob SHA the kept answer's record names for src/upload.py (`keptUploadAnswer`). */
const CITED_BLOB = "0".repeat(40);
const UPLOAD = UPLOAD_REPOSITORY["src/upload.py"];

/**
 * The pushed head holding `files` (path to text); the blob the answer
 * cited is src/upload.py's text at SHA. Records each path read.
 */
function headOf(files: Record<string, string>) {
  const read: string[] = [];
  const blobOf = (path: string) => `${path}@head`;
  const headFiles: HeadFiles = {
    at: async (path) => {
      read.push(path);
      const text = files[path];
      return text === undefined
        ? undefined
        : {
            blob: text === UPLOAD ? CITED_BLOB : blobOf(path),
            text: async () => text,
          };
    },
    blob: async (sha) => (sha === CITED_BLOB ? UPLOAD : undefined),
  };
  return { headFiles, read };
}

async function setUp(
  answeredDaysAgo = 1,
  github: {
    comparison?: CommitComparison | undefined;
    files?: HeadFiles;
  } = {},
) {
  const clock = createFakeClock(NOW);
  const records = createSqliteAnswerRecords(memorySqliteDatabase(), {
    clock,
  });
  await records.add(
    keptUploadAnswer({
      issueNumber: 1,
      commentId: 4242,
      lines: [6, 10],
      answeredAt: NOW - answeredDaysAgo * DAY,
    }),
  );
  let body = uploadAnswerBody([6, 10]);
  const updates: string[] = [];
  let failNext = false;
  const comparisons: string[] = [];
  const deps = {
    records,
    compare: async (base: string, head: string) => {
      comparisons.push(`${base}...${head}`);
      return "comparison" in github ? github.comparison : CHANGED;
    },
    files: github.files ?? headOf({}).headFiles,
    settings: async () => ({ watch: true, days: 90, handle: "askcode" }),
    commentsAt: async () => ({
      read: async () => body,
      update: async (_id: number, next: string) => {
        if (failNext) {
          failNext = false;
          throw Object.assign(new Error("Server Error"), { status: 502 });
        }
        updates.push(next);
        body = next;
      },
    }),
    clock,
    log: { info: () => {}, warn: () => {} },
  };
  return {
    deps,
    updates,
    comparisons,
    failNextUpdate: () => (failNext = true),
  };
}

describe("checkPushedAnswers", () => {
  it("gives the claim back when the edit fails, so the next push adds the note", async () => {
    const { deps, updates, failNextUpdate } = await setUp();
    failNextUpdate();

    expect(await checkPushedAnswers(push, deps)).toStrictEqual({
      candidates: 1,
      compared: 1,
      filesRead: 0,
      advanced: 0,
      noted: 0,
    });
    expect(updates).toHaveLength(0);

    expect(await checkPushedAnswers(push, deps)).toMatchObject({ noted: 1 });
    expect(updates).toHaveLength(1);
    expect(updates[0]).toContain("> - `src/upload.py` lines 6-10 changed");
  });

  it("checks no answer of the same owner/name under another installation, and asks GitHub nothing", async () => {
    const { deps, updates, comparisons } = await setUp();

    expect(
      await checkPushedAnswers({ ...push, installationId: 2 }, deps),
    ).toMatchObject({ candidates: 0 });
    expect(comparisons).toStrictEqual([]);
    expect(updates).toStrictEqual([]);
  });

  it("leaves answers older than the repository's window, and asks GitHub nothing", async () => {
    const { deps, updates, comparisons } = await setUp(91);

    expect(await checkPushedAnswers(push, deps)).toStrictEqual({
      candidates: 0,
      compared: 0,
      filesRead: 0,
      advanced: 0,
      noted: 0,
    });
    expect(comparisons).toStrictEqual([]);
    expect(updates).toStrictEqual([]);
  });

  it("does not edit an answer someone already noted by hand or a process that died after its edit", async () => {
    const { deps, updates } = await setUp();
    const read = deps.commentsAt;
    deps.commentsAt = async () => {
      const comments = await read();
      return {
        ...comments,
        read: async () =>
          uploadAnswerBody([6, 10]).replace(
            "\n\n<sub>",
            "\n\n> noted\n<!-- askcode:code-changed -->\n\n<sub>",
          ),
      };
    };
    expect(await checkPushedAnswers(push, deps)).toMatchObject({ noted: 0 });
    expect(updates).toStrictEqual([]);
    // Settled for good: the next push does not look again.
    expect(await checkPushedAnswers(push, deps)).toMatchObject({
      candidates: 0,
    });
  });

  it("reads a cited file past the 300 GitHub's comparison lists, and leaves the answer when its lines stayed", async () => {
    // 301 files changed; src/upload.py changed below the cited lines, and is not among the 300 listed.
    const now = `${UPLOAD}# The end.\n`;
    const { headFiles, read } = headOf({ "src/upload.py": now });
    const { deps, updates } = await setUp(1, {
      comparison: {
        status: "ahead",
        mergeBase: SHA,
        files: Array.from({ length: 300 }, (_, i) => ({
          path: `assets/${i}.svg`,
          status: "modified" as const,
          blob: "c".repeat(40),
          patch: "@@ -1 +1 @@\n-a\n+b",
        })),
        filesCut: true,
      },
      files: headFiles,
    });

    expect(await checkPushedAnswers(push, deps)).toStrictEqual({
      candidates: 1,
      compared: 1,
      filesRead: 1,
      advanced: 1,
      noted: 0,
    });
    expect(read).toStrictEqual(["src/upload.py"]);
    expect(updates).toStrictEqual([]);
    const [kept] = await deps.records.recent(
      repositoryKey({ installationId: 1, repositoryId: REPOSITORY_ID }),
      0,
    );
    expect(kept!.tracked).toStrictEqual({
      sha: PUSHED,
      cited: [
        {
          path: "src/upload.py",
          blob: "src/upload.py@head",
          ranges: [[6, 10]],
        },
      ],
    });
  });

  it("notes an answer whose commit a force push dropped, from its cited lines at the new head", async () => {
    // The branch was reset and rebuilt: GitHub cannot compare the answer's
    // commit with the head (404), and the payload lists no change to src/upload.py.
    const now = UPLOAD.replace(
      "attempt >= MAX_ATTEMPTS",
      "attempt > MAX_ATTEMPTS",
    );
    const { headFiles, read } = headOf({ "src/upload.py": now });
    const { deps, updates, comparisons } = await setUp(1, {
      comparison: undefined,
      files: headFiles,
    });
    const forced = {
      ...push,
      before: "1".repeat(40),
      forced: true,
      changedPaths: undefined,
    };

    expect(await checkPushedAnswers(forced, deps)).toStrictEqual({
      candidates: 1,
      compared: 1,
      filesRead: 1,
      advanced: 0,
      noted: 1,
    });
    expect(comparisons).toStrictEqual([`${SHA}...${PUSHED}`]);
    expect(read).toStrictEqual(["src/upload.py"]);
    expect(updates[0]).toContain("> - `src/upload.py` lines 6-10 changed");
  });
});
