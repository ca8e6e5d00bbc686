import nock from "nock";
import { createSqliteAnswerRecords } from "../../src/storage/answer-records/sqlite-answer-records.js";
import { openSqliteDatabase } from "../../src/storage/sqlite/open-sqlite-database.js";
import { tempDirForThisFile } from "../helpers/temp-dirs-of-this-file.js";
import { keptUploadAnswer } from "./kept-answer.js";
import {
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  OWNER,
  REPO,
  SHA,
  startAskcode,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

const EARLIER_URL = `https://github.com/${OWNER}/${REPO}/issues/12#issuecomment-777`;

/** An answer in issue 12 that cited should_give_up, as the run that posted it kept it (in installation 1 unless said). */
async function keptEarlierAnswer(
  dataDir: string,
  cited: [number, number],
  installationId = 1,
) {
  const db = await openSqliteDatabase(dataDir);
  await createSqliteAnswerRecords(db, { clock: { now: () => Date.now() } }).add(
    keptUploadAnswer({
      issueNumber: 12,
      commentId: 777,
      lines: cited,
      answeredAt: Date.parse("2026-10-03T08:00:00Z"),
      installationId,
    }),
  );
  db.close();
}

async function ask(dataDir: string, env: Record<string, string> = {}) {
  nockAppAuth();
  nockNoConfig();
  const github = await nockRepository(UPLOAD_REPOSITORY);
  const app = await startAskcode({ ASKCODE_DATA_DIR: dataDir, ...env });
  await app.probot.receive({
    id: "delivery-question",
    name: "issue_comment",
    payload: webhookPayload("issue_comment.created.mention"),
  });
  await app.idle();
  await app.close();
  return github.edits.at(-1)!;
}

describe("answered before, on a real webhook delivery", () => {
  afterEach(() => nock.cleanAll());

  it("names the earlier answer in another issue that cited the lines this question's best place is in", async () => {
    const dataDir = tempDirForThisFile("askcode-data-");
    await keptEarlierAnswer(dataDir, [6, 10]);

    const answer = await ask(dataDir);

    expect(answer).toContain(
      `**Answered before** on the same code: [an answer in issue 12](${EARLIER_URL}) (2026-10-03, \`src/upload.py\`).`,
    );
    // Before the collapsed details and the footer, as part of the answer.
    expect(answer.indexOf("**Answered before**")).toBeLessThan(
      answer.indexOf("<details>"),
    );
  });

  it("says nothing of an earlier answer whose lines this question's places do not reach", async () => {
    const dataDir = tempDirForThisFile("askcode-data-");
    await keptEarlierAnswer(dataDir, [400, 420]);

    expect(await ask(dataDir)).not.toContain("Answered before");
  });

  it("says nothing of an answer in the same owner/name under another installation: another account's repository", async () => {
    const dataDir = tempDirForThisFile("askcode-data-");
    await keptEarlierAnswer(dataDir, [6, 10], 2);

    expect(await ask(dataDir)).not.toContain("Answered before");
  });
});
