import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import type { RepoConfig } from "../../../src/config/repo-config-schema.js";
import type { JobAttempt } from "../../../src/jobs/job-queue.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { memoryCodeHost } from "../../helpers/memory-code-host.js";
import { questionJob } from "../../helpers/question-job.js";
import { recordingComments } from "../../helpers/recording-comments.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";
import { testConversation } from "../../helpers/test-conversation.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const FILES = {
  "src/retry.py":
    "MAX_ATTEMPTS = 5\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS\n",
};

/** One question answered from retrieval alone: every comment call, in order, and the ids the job was handed. */
async function ask(
  progress: RepoConfig["progress"],
  earlierComment?: number,
  footer: RepoConfig["footer"] = "shown",
) {
  const { comments, calls } = recordingComments({ title: "Retries" }, 41);
  const remembered: number[] = [];
  const attempt: JobAttempt = {
    commentId: earlierComment,
    last: false,
    rememberComment: async (id) => void remembered.push(id),
  };
  const outcome = await runQuestion(
    questionJob({
      task: { kind: "question", question: "where does the retry give up?" },
      config: { ...defaultRepoConfig(), progress, footer },
    }),
    retrievalRunDeps({
      clientsFor: async (job) => ({
        conversation: testConversation(job, comments),
        codeHost: memoryCodeHost(SHA, FILES),
      }),
      clock: createFakeClock(),
      attempt,
    }),
  );
  return { outcome, calls, remembered };
}

describe("runQuestion's progress modes", () => {
  it("with the checklist (the default) posts a progress comment first and makes it the answer", async () => {
    const { calls } = await ask("checklist");

    expect(calls[0]).toMatch(/^create .*Searching the code…/s);
    expect(calls.at(-1)).toMatch(/^update 41 .*src\/retry\.py/s);
  });

  it.each(["reaction", "none"] as const)(
    "with %s posts nothing but the answer, and hands its id to the job",
    async (progress) => {
      const { outcome, calls, remembered } = await ask(progress);

      expect(outcome).toStrictEqual({ kind: "answered" });
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatch(/^create .*src\/retry\.py/s);
      expect(calls[0]).not.toContain("Searching the code");
      expect(remembered).toStrictEqual([41]);
    },
  );

  it("quiet, on a retry delivers the answer into the earlier attempt's comment instead of a second one", async () => {
    const { calls } = await ask("reaction", 7);

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^update 7 .*src\/retry\.py/s);
  });

  it("with `footer: folded`, the answer ends in its collapsed details, the footer their last line", async () => {
    const { calls } = await ask("none", undefined, "folded");
    const lines = (calls[0] ?? "").split("\n");

    expect(lines.at(-1)).toBe("</details>");
    expect(lines.at(-2)).toMatch(/^<sub>askcode · retrieval only, no model · /);
  });
});
