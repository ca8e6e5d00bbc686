import { RequestError } from "@octokit/request-error";
import { testConversation } from "../../helpers/test-conversation.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createReplyMetrics } from "../../../src/metrics/reply-metrics.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";
import { questionJob } from "../../helpers/question-job.js";
import { recordingComments } from "../../helpers/recording-comments.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";
import { Registry } from "prom-client";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const FILES = {
  "src/retry.py":
    "MAX_ATTEMPTS = 5\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS\n",
};

// GitHub's refusal of a comment write (an abuse-detection or permission 403).
const refused = (method: string) =>
  new RequestError("You have exceeded a secondary rate limit", 403, {
    request: {
      method: method as "PATCH",
      url: "https://api.github.com/repos/octo-org/hello-world/issues/comments/1",
      headers: {},
    },
  });

/**
 * A retrieval-only run whose placeholder is posted, after which GitHub
 * refuses every comment write until `acceptsAgainAt` (never, when unset).
 */
async function ask(acceptsAgainAt?: number) {
  const clock = createFakeClock();
  const start = clock.now();
  const { comments, bodies } = recordingComments({ title: "Retries" });
  const writes: Array<{ at: number; ok: boolean }> = [];
  const gate = async <T>(method: string, write: () => Promise<T>) => {
    const ok = acceptsAgainAt !== undefined && clock.now() >= acceptsAgainAt;
    writes.push({ at: clock.now() - start, ok });
    if (!ok) throw refused(method);
    return write();
  };
  let placeholder = true;
  const lines: string[] = [];
  const log = {
    info: () => {},
    warn: (_meta: object, message: string) => lines.push(`warn ${message}`),
    error: (_meta: object, message: string) => lines.push(`error ${message}`),
  };
  const registry = new Registry();
  const reader = createFileSetReader({
    sha: SHA,
    source: createMemoryFileSource(FILES),
  });
  const run = runQuestion(
    questionJob({
      task: { kind: "question", question: "where does the retry give up?" },
    }),
    retrievalRunDeps({
      clock,
      log,
      replies: createReplyMetrics(registry),
      clientsFor: async (job) => ({
        conversation: testConversation(job, {
          ...comments,
          create: async (body) => {
            if (placeholder) {
              placeholder = false;
              return comments.create(body);
            }
            return gate("POST", () => comments.create(body));
          },
          update: (id, body) => gate("PATCH", () => comments.update(id, body)),
        }),
        codeHost: {
          label: "memory",
          resolveRef: async () => ({ sha: SHA, ref: "main" }),
          at: () => reader,
        },
      }),
    }),
  );
  return { run, bodies, writes, lines, registry };
}

describe("runQuestion when GitHub refuses every write of the reply", () => {
  it("logs and counts that the placeholder stays, tries once more when the run's time is up, and lands the reply then", async () => {
    const { run, bodies, writes, lines, registry } =
      await ask(1_700_000_180_000);

    expect(await run).toStrictEqual({ kind: "answered" });
    // Refused within the run (the edit, then a new comment), then the edit
    // once more at the end of the 180 s wall time, which lands.
    expect(writes).toStrictEqual([
      { at: 0, ok: false },
      { at: 0, ok: false },
      { at: 180_000, ok: true },
    ]);
    expect(bodies.at(-1)).toContain("src/retry.py");
    expect(lines).toContain(
      "warn askcode's reply could not be posted: GitHub refused the edit and a new comment, so the asker still sees the placeholder; askcode tries once more when the run's time is up",
    );
    expect(await registry.metrics()).toContain(
      'askcode_replies_undelivered_total{stage="retrying"} 1',
    );
  });

  it("gives up after that one late try, saying so in the log and the metrics", async () => {
    const { run, writes, lines, registry } = await ask();

    await expect(run).rejects.toThrow("secondary rate limit");
    expect(writes.map((w) => w.at)).toStrictEqual([0, 0, 180_000, 180_000]);
    expect(lines.at(-1)).toBe(
      "error askcode's reply could not be posted after the run's time either; the placeholder stays",
    );
    const text = await registry.metrics();
    expect(text).toContain(
      'askcode_replies_undelivered_total{stage="retrying"} 1',
    );
    expect(text).toContain(
      'askcode_replies_undelivered_total{stage="gave-up"} 1',
    );
  });
});
