import { buildAnswerRecord } from "../../../src/answer-records/build-answer-record.js";
import type {
  IssueSearch,
  IssueSearchHit,
  IssueSearchQuery,
} from "../../../src/code-host/github/search-issues.js";
import { findSimilarIssuesFor } from "../../../src/run/find-similar-issues-for.js";
import type { AnswerRecords } from "../../../src/storage/answer-records/answer-record.js";
import { createSqliteAnswerRecords } from "../../../src/storage/answer-records/sqlite-answer-records.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { memorySqliteDatabase } from "../../helpers/memory-sqlite-database.js";
import { questionJob } from "../../helpers/question-job.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const WEB = "https://github.com/octo-org/hello-world";
const QUESTION =
  "Upload never gives up\n\n@askcode why does `upload` keep retrying after a 500?";
const PLACES = [
  { path: "src/upload.py", range: [6, 10] as const },
  { path: "src/server.py", range: [1, 2] as const },
];
// An issue's opening post asked it.
const OPENED = questionJob({ reactTo: { kind: "issue" }, issueNumber: 40 });

function searchAnswering(hits: IssueSearchHit[] | Error) {
  const asked: IssueSearchQuery[] = [];
  const search: IssueSearch = async (query) => {
    asked.push(query);
    if (hits instanceof Error) throw hits;
    return hits;
  };
  return { search, asked };
}

function logRecorder() {
  const lines: string[] = [];
  return {
    lines,
    warn: (_meta: object, message: string) => lines.push(message),
  };
}

describe("findSimilarIssuesFor", () => {
  it("searches the question's words, mentions left out, and links the candidates at the threshold or above, best first, two at most", async () => {
    const { search, asked } = searchAnswering([
      {
        number: 3,
        title: "Dark mode",
        body: "Please add a dark theme.",
        state: "open",
      },
      {
        number: 12,
        title: "Upload never gives up",
        body: "Why does `upload` keep retrying after a 500?",
        state: "closed",
      },
      {
        number: 20,
        title: "upload keeps retrying after a 500",
        body: "`upload` never gives up in src/upload.py",
        state: "open",
      },
      {
        number: 21,
        title: "Upload never gives up",
        body: "Retrying again: why does `upload` keep retrying after a 500?",
        state: "open",
      },
    ]);
    const similar = findSimilarIssuesFor(OPENED, {
      search,
      clock: createFakeClock(),
      log: logRecorder(),
    })!;

    const links = await similar(QUESTION, PLACES);

    expect(asked).toHaveLength(1);
    expect(asked[0]!.words).not.toContain("askcode");
    expect(asked[0]!.words).toContain("upload");
    expect(asked[0]!.excludeNumber).toBe(40);
    expect(asked[0]!.deadline!.remainingMs()).toBe(10_000);
    expect(links.map((l) => l.number)).toStrictEqual([12, 21]);
    expect(links[0]).toStrictEqual({
      number: 12,
      title: "Upload never gives up",
      state: "closed",
    });
  });

  it("counts the files askcode's kept answer in an earlier issue cited as that issue's places", async () => {
    const clock = createFakeClock();
    const records = createSqliteAnswerRecords(memorySqliteDatabase(), {
      clock,
    });
    await records.add(
      buildAnswerRecord({
        body: `should_give_up decides, in [src/upload.py](${WEB}/blob/${SHA}/src/upload.py#L6-L10) and [src/server.py](${WEB}/blob/${SHA}/src/server.py#L1-L2).\n\n<sub>askcode · retrieval only, no model · 1.0s · read at [${SHA.slice(0, 7)}](${WEB}/commit/${SHA})</sub>`,
        place: {
          owner: "octo-org",
          repo: "hello-world",
          htmlUrl: WEB,
          issueNumber: 8,
          reactTo: { kind: "comment", commentId: 80 },
          commentId: 81,
        },
        installationId: OPENED.installationId,
        repositoryId: OPENED.repositoryId!,
        sha: SHA,
        tree: [
          { path: "src/upload.py", type: "file", sha: "a".repeat(40) },
          { path: "src/server.py", type: "file", sha: "b".repeat(40) },
        ],
        answeredAt: clock.now(),
      })!,
    );
    // Alike in text, not enough by the text alone (0.54): issue 8's answer
    // cited both of the question's best files, issue 9 has none.
    const alike = {
      title: "Upload retries",
      body: "Upload keeps retrying after a 500; it never stops",
      state: "open" as const,
    };
    const hits: IssueSearchHit[] = [
      { number: 8, ...alike },
      { number: 9, ...alike },
    ];
    const similar = findSimilarIssuesFor(OPENED, {
      search: searchAnswering(hits).search,
      records,
      clock,
      log: logRecorder(),
    })!;

    expect(
      (await similar(QUESTION, PLACES)).map((l) => l.number),
    ).toStrictEqual([8]);
  });

  it("is not offered for a comment's question, a pull request's or a mission", () => {
    const deps = {
      search: searchAnswering([]).search,
      clock: createFakeClock(),
      log: logRecorder(),
    };
    expect(findSimilarIssuesFor(questionJob(), deps)).toBeUndefined();
    expect(
      findSimilarIssuesFor({ ...OPENED, onPullRequest: true }, deps),
    ).toBeUndefined();
    expect(
      findSimilarIssuesFor(
        {
          ...OPENED,
          task: {
            kind: "mission",
            mission: "bug_triage",
            label: "askcode: triage",
          },
        },
        deps,
      ),
    ).toBeUndefined();
  });

  it("links nothing and logs why when the search fails: the answer goes on without the line", async () => {
    const log = logRecorder();
    const similar = findSimilarIssuesFor(OPENED, {
      search: searchAnswering(new Error("HTTP 403: API rate limit exceeded"))
        .search,
      clock: createFakeClock(),
      log,
    })!;

    expect(await similar(QUESTION, PLACES)).toStrictEqual([]);
    expect(log.lines).toStrictEqual([
      "askcode could not search the repository's earlier issues; answering without them",
    ]);
  });

  it("finds them by their text alone when its earlier answers cannot be read, and says so", async () => {
    const log = logRecorder();
    const hits: IssueSearchHit[] = [
      {
        number: 12,
        title: "Upload never gives up",
        body: "Why does `upload` keep retrying after a 500?",
        state: "closed",
      },
    ];
    const similar = findSimilarIssuesFor(OPENED, {
      search: searchAnswering(hits).search,
      records: {
        recent: async () => {
          throw new Error("SQLITE_BUSY: database is locked");
        },
      } as unknown as AnswerRecords,
      clock: createFakeClock(),
      log,
    })!;

    expect(
      (await similar(QUESTION, PLACES)).map((l) => l.number),
    ).toStrictEqual([12]);
    expect(log.lines).toStrictEqual([
      "askcode could not read its earlier answers; the similar issues are found by their text alone",
    ]);
  });
});
