import { testConversation } from "../../helpers/test-conversation.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import type { JobAttempt } from "../../../src/jobs/job-queue.js";
import { RetryLaterError } from "../../../src/shared/retry-later-error.js";
import type { ThreadComments } from "../../../src/conversation/thread-comments.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { GitHubError, RefNotFoundError } from "../../../src/shared/errors.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";
import { questionJob } from "../../helpers/question-job.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const FILES = {
  "src/retry.py":
    "MAX_ATTEMPTS = 5\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS\n",
};

/** An attempt of a job, recording the comment id the run hands back. */
function attempt(options: {
  commentId?: number;
  last: boolean;
  next?: JobAttempt["next"];
}): JobAttempt & { remembered: number[] } {
  const remembered: number[] = [];
  return {
    commentId: options.commentId,
    last: options.last,
    ...(options.next && { next: options.next }),
    remembered,
    rememberComment: async (id) => void remembered.push(id),
  };
}

/**
 * One question answered from retrieval alone (no model), over an in-memory
 * repository whose ref lookup may fail: every comment call, in order.
 */
async function ask(jobAttempt: JobAttempt, resolveFails?: Error) {
  const calls: string[] = [];
  const comments: ThreadComments = {
    create: async (body) => (calls.push(`create ${body}`), 41),
    update: async (id, body) => void calls.push(`update ${id} ${body}`),
    thread: async () => ({
      number: 1,
      title: "Retries",
      body: null,
      author: { login: "octocat", association: "OWNER" },
      comments: [],
    }),
  };
  const clock = createFakeClock();
  const reader = createFileSetReader({
    sha: SHA,
    source: createMemoryFileSource(FILES),
  });
  const run = runQuestion(
    questionJob({
      task: { kind: "question", question: "where does the retry give up?" },
    }),
    retrievalRunDeps({
      clientsFor: async (job) => ({
        conversation: testConversation(job, comments),
        codeHost: {
          label: "memory",
          resolveRef: async () => {
            if (resolveFails) throw resolveFails;
            return { sha: SHA, ref: "main" };
          },
          at: () => reader,
        },
      }),
      clock,
      attempt: jobAttempt,
    }),
  );
  return { run, calls };
}

const GITHUB_DOWN = new GitHubError("GitHub answered 502 Bad Gateway", 502);

describe("runQuestion across a job's attempts", () => {
  it("posts its comment on a first attempt and hands the comment's id to the job", async () => {
    const first = attempt({ last: false });
    const { run, calls } = await ask(first);

    expect(await run).toStrictEqual({ kind: "answered" });
    expect(first.remembered).toStrictEqual([41]);
    expect(calls[0]).toMatch(/^create /);
    expect(calls.slice(1).every((call) => call.startsWith("update 41 "))).toBe(
      true,
    );
    expect(calls.at(-1)).toContain("src/retry.py");
  });

  it("throws a failure that may pass for the queue to retry, leaving the progress comment as it is", async () => {
    const first = attempt({ last: false });
    const { run, calls } = await ask(first, GITHUB_DOWN);

    const thrown = await run.catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(RetryLaterError);
    expect((thrown as RetryLaterError).cause).toBe(GITHUB_DOWN);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^create .*Searching the code…/s);
    expect(first.remembered).toStrictEqual([41]);
  });

  it("before handing the failure back, edits the placeholder into what failed and when askcode tries again", async () => {
    const first = attempt({
      last: false,
      next: { inMs: 20_000, attempt: 2, of: 3 },
    });
    const { run, calls } = await ask(first, GITHUB_DOWN);

    expect(await run.catch((error: unknown) => error)).toBeInstanceOf(
      RetryLaterError,
    );
    // The fake clock starts at 2023-11-14T22:13:20Z.
    expect(calls.slice(1)).toStrictEqual([
      "update 41 ⏳ **askcode will try again at 22:13:40 UTC** (attempt 2 of 3): GitHub answered 502 at 22:13:20 UTC.\n\nThis comment becomes the answer once it is ready; nothing needs to be asked again.",
    ]);
  });

  it("on a retry edits the earlier attempt's comment, never posting a second, and delivers the answer into it", async () => {
    const retry = attempt({ commentId: 7, last: false });
    const { run, calls } = await ask(retry);

    expect(await run).toStrictEqual({ kind: "answered" });
    expect(calls.filter((call) => call.startsWith("create"))).toStrictEqual([]);
    expect(calls[0]).toMatch(/^update 7 .*Searching the code…/s);
    expect(calls.at(-1)).toMatch(/^update 7 .*src\/retry\.py/s);
    expect(retry.remembered).toStrictEqual([]);
  });

  it("leaves the failure comment on the last attempt, in the same comment", async () => {
    const last = attempt({ commentId: 7, last: true });
    const { run, calls } = await ask(last, GITHUB_DOWN);

    expect(await run).toStrictEqual({
      kind: "failed",
      reason: "github",
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatch(/^update 7 /);
    expect(calls[1]).not.toContain("Searching");
  });

  it.each([
    [
      "GitHub answered 404",
      new GitHubError("Not Found", 404),
      "github-refused",
    ],
    ["the ref is not there", new RefNotFoundError("v9"), "ref-not-found"],
  ])(
    "does not retry a failure that would only repeat (%s): the failure comment at once",
    async (_what, error, reason) => {
      const first = attempt({ last: false });
      const { run, calls } = await ask(first, error);

      expect(await run).toStrictEqual({ kind: "failed", reason });
      expect(calls).toHaveLength(2);
      expect(calls[1]).toMatch(/^update 41 /);
    },
  );
});
