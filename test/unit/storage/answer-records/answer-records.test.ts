import { memorySqliteDatabase } from "../../../helpers/memory-sqlite-database.js";
import type {
  AnswerRecord,
  AnswerRecords,
} from "../../../../src/storage/answer-records/answer-record.js";
import { createRedisAnswerRecords } from "../../../../src/storage/answer-records/redis-answer-records.js";
import { createSqliteAnswerRecords } from "../../../../src/storage/answer-records/sqlite-answer-records.js";
import {
  createFakeClock,
  type FakeClock,
} from "../../../helpers/fake-clock.js";
import { startTestRedis, type TestRedis } from "../../../helpers/test-redis.js";
import { questionJob } from "../../../helpers/question-job.js";
import { keptUploadAnswer } from "../../../integration/kept-answer.js";
import { REPOSITORY_ID } from "../../../integration/probot-harness.js";
import { findEarlierAnswersFor } from "../../../../src/run/find-earlier-answers-for.js";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const HEAD = "8f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b";
// Installation 1's Codertocat/Hello-World.
const KEY = `1:${REPOSITORY_ID}`;

function record(commentId: number, answeredAt: number): AnswerRecord {
  return {
    id: `1:${REPOSITORY_ID}:issue-comment:${commentId}`,
    repository: KEY,
    installationId: 1,
    place: {
      owner: "Codertocat",
      repo: "Hello-World",
      htmlUrl: "https://github.com/Codertocat/Hello-World",
      issueNumber: 1,
      reactTo: { kind: "comment", commentId: 100 + commentId },
      commentId,
    },
    url: `https://github.com/Codertocat/Hello-World/issues/1#issuecomment-${commentId}`,
    answeredAt,
    read: {
      sha: SHA,
      cited: [
        { path: "src/upload.py", blob: "a".repeat(40), ranges: [[6, 10]] },
      ],
    },
  };
}

let redis: TestRedis;
beforeAll(async () => (redis = await startTestRedis()));
afterAll(() => redis.stop());
beforeEach(() => redis.flush());

describe.each([
  [
    "Redis",
    // Two replicas: each its own connection to one Redis.
    (clock: FakeClock) => () =>
      createRedisAnswerRecords({ redis: redis.client(), clock }),
  ],
  [
    "embedded",
    (clock: FakeClock) => {
      const db = memorySqliteDatabase();
      return () => createSqliteAnswerRecords(db, { clock });
    },
  ],
] as const)("the %s answer records", (_name, open) => {
  let clock: FakeClock;
  let records: AnswerRecords;
  let replica: AnswerRecords;
  beforeEach(() => {
    clock = createFakeClock(NOW);
    const make = open(clock);
    records = make();
    replica = make();
  });

  it("keeps each answer once, newest first, from the time asked for", async () => {
    await records.add(record(1, NOW - 100 * DAY));
    await records.add(record(2, NOW - 2 * DAY));
    await records.add(record(2, NOW - 2 * DAY));
    await records.add(record(3, NOW - DAY));

    const kept = await replica.recent(KEY, NOW - 90 * DAY);
    expect(kept.map((k) => k.place.commentId)).toStrictEqual([3, 2]);
    expect(kept[0]).toStrictEqual({
      ...record(3, NOW - DAY),
      tracked: record(3, NOW - DAY).read,
      noted: false,
    });
    expect(await records.recent(`2:${REPOSITORY_ID}`, 0)).toStrictEqual([]);
  });

  it("links no answer of the same owner/name under another installation, and keeps a renamed repository's", async () => {
    // An answer in issue 12 citing the very lines the question's best place is in.
    const keep = (commentId: number, installationId: number) =>
      records.add(
        keptUploadAnswer({
          issueNumber: 12,
          commentId,
          lines: [6, 10],
          answeredAt: NOW - DAY,
          installationId,
        }),
      );
    // Installation 2's Codertocat/Hello-World: another account's, once the
    // first name was free.
    await keep(777, 2);
    const place = { path: "src/upload.py", range: [6, 10] as const };
    const log = { warn: () => {} };
    const asked = (repo: string) =>
      findEarlierAnswersFor(
        questionJob({
          installationId: 1,
          repositoryId: REPOSITORY_ID,
          owner: "Codertocat",
          repo,
          issueNumber: 1,
        }),
        { records: replica, log },
      )([place]);

    expect(await asked("Hello-World")).toStrictEqual([]);

    await keep(778, 1);
    // Installation 1's own answer is linked, also once the repository is renamed.
    for (const repo of ["Hello-World", "Hello-Universe"])
      expect((await asked(repo)).map((link) => link.url)).toStrictEqual([
        "https://github.com/Codertocat/Hello-World/issues/12#issuecomment-778",
      ]);
  });

  it("moves tracked citations on only from where they are", async () => {
    await records.add(record(1, NOW));
    const to = { sha: HEAD, cited: record(1, NOW).read.cited };

    expect(await records.advance(record(1, NOW).id, SHA, to)).toBe(true);
    // A second replica, or a redelivery, finds them moved already.
    expect(await replica.advance(record(1, NOW).id, SHA, to)).toBe(false);
    const [kept] = await records.recent(KEY, 0);
    expect(kept!.tracked).toStrictEqual(to);
  });

  it("lets one claim on the note hold until it lapses, and none once the note landed", async () => {
    await records.add(record(1, NOW));
    const id = record(1, NOW).id;

    expect(await records.claimNote(id, 60_000)).toBe(true);
    expect(await replica.claimNote(id, 60_000)).toBe(false);
    await records.settleNote(id, false);
    expect(await replica.claimNote(id, 60_000)).toBe(true);
    await replica.settleNote(id, true);
    expect(await records.claimNote(id, 60_000)).toBe(false);
    const [kept] = await records.recent(KEY, 0);
    expect(kept!.noted).toBe(true);
    expect(await records.claimNote(`${KEY}:issue-comment:404`, 60_000)).toBe(
      false,
    );
  });
});

it("the embedded store lets a claim go once its lease lapsed (a process that died holding it)", async () => {
  const clock = createFakeClock(NOW);
  const records = createSqliteAnswerRecords(memorySqliteDatabase(), {
    clock,
  });
  await records.add(record(1, NOW));
  expect(await records.claimNote(record(1, NOW).id, 60_000)).toBe(true);
  clock.advance(59_000);
  expect(await records.claimNote(record(1, NOW).id, 60_000)).toBe(false);
  clock.advance(1_000);
  expect(await records.claimNote(record(1, NOW).id, 60_000)).toBe(true);
});
