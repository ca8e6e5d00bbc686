import nock from "nock";
import { createFakeClock } from "../helpers/fake-clock.js";
import {
  chatCompletion as completion,
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  startAskcode,
  UPLOAD_PY,
  webhookPayload,
} from "./probot-harness.js";

const FILES = {
  "src/upload.py": UPLOAD_PY,
  "docs/retries.md": "# Retries\n\nUploads are retried up to five times.\n",
};

const LLM = "http://llm.test";

// Each tool-calling model reply takes this long on the run's clock: longer
// than the progress interval (3 s), so every step may show.
const MODEL_REPLY_MS = 4_000;
// The answer comes back sooner than the interval, so its "Writing the
// answer" state is always still waiting for its turn when the answer
// replaces the comment (and dropped: progress-reporter.test.ts), however
// fast the last edit's round trip was. At 4 s it was sent or not by a race
// between that round trip and the run.
const ANSWER_REPLY_MS = 1_000;
const PROGRESS_INTERVAL_MS = 3_000;

const call = (id: string, name: string, args: object) => ({
  id,
  type: "function",
  function: { name, arguments: JSON.stringify(args) },
});

describe("the progress comment of a question a model answers", () => {
  it("is edited with the run's real steps as they happen, the counter advancing, a bounded number of times, then replaced by the answer with its time and tokens", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(FILES);
    const clock = createFakeClock();
    const startedAt = clock.now();
    const replies = [
      completion({
        tool_calls: [
          call("c1", "search_repository_code", { query: "@octocat retry" }),
        ],
      }),
      completion({
        tool_calls: [
          call("c2", "read_file_contents", {
            path: "src/upload.py",
            start_line: 1,
            end_line: 6,
          }),
        ],
      }),
      completion({
        tool_calls: [call("c3", "list_directory_contents", { path: "docs" })],
      }),
      completion({
        content:
          "Uploads give up in `should_give_up` at `src/upload.py#L3-L6`, after `MAX_ATTEMPTS`.",
      }),
    ];
    // Each reply waits for the progress edit the one before it let out (a
    // reply far quicker than GitHub would leave no step to show), then
    // takes its time on the clock.
    let answered = 0;
    const editsReached = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (github.edits.length < count) return;
          github.scope.off("replied", check);
          resolve();
        };
        github.scope.on("replied", check);
        check();
      });
    const llm = nock(LLM)
      .post("/v1/chat/completions")
      .times(replies.length)
      .reply(async () => {
        await editsReached(answered);
        answered++;
        const reply = replies.shift();
        clock.advance(replies.length > 0 ? MODEL_REPLY_MS : ANSWER_REPLY_MS);
        return [200, reply];
      });
    const { probot, idle } = await startAskcode(
      { OPENAI_BASE_URL: `${LLM}/v1`, OPENAI_API_KEY: "sk-test" },
      { clock },
    );

    await probot.receive({
      id: "delivery-progress",
      name: "issue_comment",
      payload: webhookPayload("issue_comment.created.mention"),
    });
    await idle();

    expect(github.posted).toHaveLength(1);
    expect(github.posted[0]).toContain("- [ ] Searching the code…");
    const progress = github.edits.slice(0, -1);
    const answer = github.edits.at(-1)!;

    // The steps as they were when each edit was sent: the counter only moves on.
    const counters = progress.map((body) =>
      Number(/ · step (\d+) of \d+/.exec(body)?.[1] ?? 0),
    );
    expect(counters).toStrictEqual([...counters].sort((a, b) => a - b));
    expect(new Set(counters).size).toBeGreaterThanOrEqual(3);
    const last = progress.at(-1)!;
    expect(last).toContain("step 3 of ");
    expect(last).toMatch(/- \[x\] Searched the code \(2 files indexed\)/);
    expect(last).toMatch(/- \[x\] Read `(docs\/retries\.md|src\/upload\.py)`/);
    expect(last).toContain('- [x] `search_repository_code "@octocat retry"`');
    expect(last).toContain("- [x] `read_file_contents src/upload.py:1-6`");
    expect(last).toContain("- [ ] `list_directory_contents docs`…");
    // What the model sent stays in code: "@octocat" is never a mention.
    for (const body of progress)
      expect(body.replace(/`[^`\n]*`/g, "")).not.toContain("@");

    // At most one progress edit per 3 s of the run's time, plus the answer.
    const elapsedMs = clock.now() - startedAt;
    expect(elapsedMs).toBe((answered - 1) * MODEL_REPLY_MS + ANSWER_REPLY_MS);
    expect(progress.length).toBeLessThanOrEqual(
      Math.floor(elapsedMs / PROGRESS_INTERVAL_MS) + 1,
    );

    // The answer was being written when it replaced the comment: that last
    // state was dropped, not sent just to be overwritten.
    expect(progress.join("\n")).not.toContain("Writing the answer");

    expect(answer).toContain("should_give_up");
    expect(answer).not.toContain("askcode is working");
    // Four requests of 960 tokens each, over the 13 s the model took.
    expect(answer).toMatch(/<sub>askcode · gpt-4o · 3,840 tokens · 13\.0s · /);
    expect(answer).not.toMatch(/claude|github\.com\/apps|powered by/i);
    expect(llm.isDone()).toBe(true);
    auth.persist(false);
  });
});
