import type { PullRequestFacts } from "../../../src/code-host/pull-request-facts.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { memoryCodeHost } from "../../helpers/memory-code-host.js";
import { questionJob } from "../../helpers/question-job.js";
import { recordingComments } from "../../helpers/recording-comments.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";
import { testConversation } from "../../helpers/test-conversation.js";
import { warningsLog } from "../../helpers/warnings-log.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const FILES = {
  "src/retry.py":
    "MAX_ATTEMPTS = 5\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS\n",
};
const PULL: PullRequestFacts = {
  number: 1347,
  head: { sha: SHA, ref: "give-up-sooner", repository: "octo-org/hello-world" },
  base: { ref: "main", sha: "a".repeat(40) },
  state: "open",
  files: [],
  changedFiles: 0,
};

describe("a question on a pull request whose head cannot be read again at the end", () => {
  it("answers without the moved-head note and logs why once, with the cause", async () => {
    const { comments, bodies } = recordingComments({
      number: 1347,
      title: "Give up sooner",
    });
    const unread = new Error("GitHub answered 502 Bad Gateway");
    const log = warningsLog();
    const job = questionJob({
      issueNumber: 1347,
      onPullRequest: true,
      task: { kind: "question", question: "where does the retry give up?" },
    });

    const outcome = await runQuestion(
      job,
      retrievalRunDeps({
        clock: createFakeClock(),
        log: { info() {}, error() {}, warn: log.warn },
        clientsFor: async (asked) => ({
          conversation: testConversation(asked, comments, {
            read: async () => PULL,
            headSha: () => Promise.reject(unread),
          }),
          codeHost: memoryCodeHost(SHA, FILES),
        }),
      }),
    );

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(bodies.at(-1)).toContain("src/retry.py");
    expect(bodies.at(-1)).not.toContain("moved to commit");
    expect(log.warnings).toStrictEqual([
      [
        { err: unread, deliveryId: job.deliveryId },
        "askcode could not read the pull request's head again; the answer does not say whether it moved",
      ],
    ]);
  });
});
