import { memorySqliteDatabase } from "../../helpers/memory-sqlite-database.js";
import { repositoryKey } from "../../../src/storage/answer-records/answer-record.js";
import { createSqliteAnswerRecords } from "../../../src/storage/answer-records/sqlite-answer-records.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { questionJob } from "../../helpers/question-job.js";
import {
  askTagged,
  TAGGED_PAGE as PAGE,
  useTaggedRepository,
} from "../../helpers/tagged-repository.js";

const repository = useTaggedRepository();
const ask = (question: string) => askTagged(repository(), question);

describe("runQuestion with a question that names a ref", () => {
  it("reads the tag's commit, not the default branch, and the footer names both", async () => {
    const { outcome, body, resolved } = await ask(
      "on v2.1 where does the retry give up?",
    );

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(resolved).toStrictEqual(["v2.1"]);
    expect(body).toContain("MAX_ATTEMPTS = 3");
    expect(body).not.toContain("MAX_ATTEMPTS = 5");
    expect(body).toContain(
      `${PAGE}/blob/${repository().tagged}/src/retry.py#L`,
    );
    expect(body).toContain(
      `read \`v2.1\` at [${repository().tagged.slice(0, 7)}](${PAGE}/commit/${repository().tagged})</sub>`,
    );
  });

  it("reads the commit a link in the question points at", async () => {
    const { outcome, body } = await ask(
      `why does ${PAGE}/blob/${repository().tagged}/src/retry.py#L1 give up at MAX_ATTEMPTS?`,
    );

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(body).toContain("MAX_ATTEMPTS = 3");
    expect(body).toContain(
      `read \`${repository().tagged}\` at [${repository().tagged.slice(0, 7)}]`,
    );
  });

  it("reads the default branch's head when the question names no ref, and says only the commit", async () => {
    const { outcome, body, resolved } = await ask(
      "on Windows, where does the retry give up?",
    );

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(resolved).toStrictEqual([undefined]);
    expect(body).toContain("MAX_ATTEMPTS = 5");
    expect(body).toContain(
      `read at [${repository().head.slice(0, 7)}](${PAGE}/commit/${repository().head})</sub>`,
    );
  });

  it("says an unknown ref is not in the repository and answers nothing, from no other branch", async () => {
    const { outcome, body } = await ask(
      "on v9.9 where does the retry give up?",
    );

    expect(outcome).toStrictEqual({ kind: "failed", reason: "ref-not-found" });
    expect(body).toContain("askcode did not start on this question.");
    expect(body).toContain(
      "This repository has no branch, tag or commit named `v9.9`, so nothing was read and nothing was answered.",
    );
    expect(body).not.toContain("MAX_ATTEMPTS");
    expect(body).not.toContain(repository().head.slice(0, 7));
  });

  it("keeps no answer about a tag for the staleness watch: pushes to the default branch do not change it", async () => {
    const records = createSqliteAnswerRecords(memorySqliteDatabase(), {
      clock: createFakeClock(),
    });
    const { body } = await askTagged(
      repository(),
      "on v2.1 where does the retry give up?",
      {},
      records,
    );
    // It cites the tag's blobs, which a record could name.
    expect(body).toContain(
      `${PAGE}/blob/${repository().tagged}/src/retry.py#L`,
    );
    const { installationId, repositoryId } = questionJob();
    expect(
      await records.recent(
        repositoryKey({ installationId, repositoryId: repositoryId! }),
        0,
      ),
    ).toStrictEqual([]);
  });
});
