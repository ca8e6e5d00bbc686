import { testConversation } from "../../helpers/test-conversation.js";
import { jest } from "@jest/globals";
import nock from "nock";
import { createOpenAIChatModel } from "../../../src/agent/openai-chat-model.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createInFlightRuns } from "../../../src/conversation/in-flight-runs.js";
import type { ThreadComments } from "../../../src/conversation/thread-comments.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { GitHubError } from "../../../src/shared/errors.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { holdReplies } from "../../helpers/held-reply.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";
import { questionJob } from "../../helpers/question-job.js";
import { chatCompletion } from "../../integration/probot-harness.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const LLM = "http://llm.internal.corp:8000";
// What an internal model server's failures carry: its address, an upstream
// URL, a stack trace. None of it may reach a public comment.
const LEAKS = [
  "llm.internal.corp",
  "8000",
  "10.20.0.7",
  "wiki.internal.corp",
  "Traceback",
  "/srv/vllm",
  "http://",
];
const TRACE =
  'Traceback (most recent call last):\n  File "/srv/vllm/engine.py", line 212, in generate\n    raise RuntimeError("upstream http://10.20.0.7:8000/internal/generate failed")\nRuntimeError: upstream http://10.20.0.7:8000/internal/generate failed';

const FILES = {
  "src/retry.py":
    "MAX_ATTEMPTS = 5\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS or 400 <= status < 500\n",
};

/**
 * Runs one question end to end with the real OpenAI client against a
 * nock-served endpoint at an internal host: the comments it writes and
 * every log line.
 */
async function ask(
  options: {
    timeoutMs?: number;
    clock?: ReturnType<typeof createFakeClock>;
  } = {},
) {
  const clock = options.clock ?? createFakeClock();
  const bodies: string[] = [];
  const lines: string[] = [];
  const record =
    (level: string) =>
    (meta: object, message: string): void => {
      lines.push(`${level} ${message} ${logged(meta)}`);
    };
  const log = {
    info: record("info"),
    warn: record("warn"),
    error: record("error"),
  };
  const comments: ThreadComments = {
    create: async (body) => (bodies.push(body), 1),
    update: async (_id, body) => void bodies.push(body),
    thread: async () => ({
      number: 1,
      title: "Retries",
      body: null,
      author: { login: "octocat", association: "OWNER" },
      comments: [],
    }),
  };
  const reader = createFileSetReader({
    sha: SHA,
    source: createMemoryFileSource(FILES),
  });
  const outcome = await runQuestion(
    questionJob({
      task: { kind: "question", question: "where does the retry give up?" },
    }),
    {
      clientsFor: async (job) => ({
        conversation: testConversation(job, comments),
        codeHost: {
          label: "memory",
          resolveRef: async () => ({ sha: SHA, ref: "main" }),
          at: () => reader,
        },
      }),
      missions: [],
      operator: {
        model: "gpt-4o",
        contextWindow: 128_000,
        snapshotMaxBytes: 10_000_000,
      },
      modelFor: (name) =>
        createOpenAIChatModel({
          apiKey: "sk-test",
          baseURL: `${LLM}/v1`,
          model: name,
          clock,
          maxRetries: 1,
          timeoutMs: options.timeoutMs ?? 5_000,
          log,
        }),
      tokenCounterFor: (model) => createTokenCounter({ model }),
      clock,
      log,
      inFlight: createInFlightRuns(log, { clock }),
    },
  );
  return { outcome, reply: bodies.at(-1)!, log: lines.join("\n") };
}

function logged(meta: object): string {
  const err = (meta as { err?: unknown }).err;
  const rest = { ...meta, err: undefined };
  const chain: string[] = [];
  for (let e = err; e instanceof Error; e = e.cause)
    chain.push(`${e.message} ${e.stack ?? ""}`);
  return `${JSON.stringify(rest)} ${chain.join(" | ")}`;
}

const completions = () => nock(LLM).post("/v1/chat/completions");

function expectNoLeak(reply: string) {
  for (const leak of LEAKS) expect(reply).not.toContain(leak);
}

describe("a failing model endpoint at an internal address", () => {
  it.each([
    [
      "refuses the connection",
      () =>
        completions().times(2).replyWithError({
          code: "ECONNREFUSED",
          message: "connect ECONNREFUSED 10.20.0.7:8000 (llm.internal.corp)",
        }),
    ],
    [
      "answers 500 with a stack trace and an internal URL in the body",
      () =>
        completions()
          .times(2)
          .reply(500, { error: { message: TRACE, type: "server_error" } }),
    ],
    [
      "answers 401 with a body naming its wiki",
      () =>
        completions().reply(401, {
          error: {
            message:
              "Invalid API key for http://llm.internal.corp:8000/v1: see https://wiki.internal.corp/llm/keys",
            type: "invalid_request_error",
            code: "invalid_api_key",
          },
        }),
    ],
  ])(
    "%s: the reply is the retrieval answer with a note that names no host, URL, port or body; the log has them",
    async (_case, serve) => {
      const scope = serve();
      const { outcome, reply, log } = await ask();

      expect(outcome).toStrictEqual({ kind: "answered" });
      expect(reply).toMatch(/^askcode could not reach its model/);
      expect(reply).toContain("src/retry.py");
      expect(reply).toContain(
        "model gpt-4o could not be reached; this answer is from retrieval",
      );
      expectNoLeak(reply);
      expect(log).toContain("llm.internal.corp:8000");
      expect(scope.isDone()).toBe(true);
    },
  );

  it("does not answer in time: the note names nothing of the server either", async () => {
    // The endpoint hangs: each attempt ends on its own timeout, on the
    // injected clock, and no reply ever arrives.
    const held = holdReplies({ error: { message: "late" } });
    completions().times(2).reply(200, held.reply);
    const clock = createFakeClock();
    const asked = ask({ timeoutMs: 20, clock });
    await held.arrived(1);
    clock.advance(20);
    await held.arrived(2);
    clock.advance(20);
    const { reply, log } = await asked;
    held.release();

    expect(reply).toMatch(/^askcode could not reach its model/);
    expectNoLeak(reply);
    expect(log).toMatch(/llm\.internal\.corp:8000\/v1 did not answer within/);
  });
});

describe("a model that answers with nothing", () => {
  it("gets the retrieval answer, and the footer says the model answered empty, not that there was none", async () => {
    completions().reply(200, chatCompletion({ content: "  " }));
    const { outcome, reply } = await ask();

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(reply).toContain("src/retry.py");
    expect(reply).toContain(
      "model gpt-4o returned an empty answer; this answer is from retrieval",
    );
    expect(reply).not.toContain("no model");
  });
});

describe("a model whose answer reaches the reply length limit", () => {
  it("posts the answer with a note where it stopped, after closing the code block it stopped in", async () => {
    const cut = chatCompletion({
      content:
        "The retry gives up in `should_give_up`:\n\n```python\ndef should_give_up(attempt, status):\n    return attempt >= MAX_",
    });
    cut.choices[0]!.finish_reason = "length";
    completions().reply(200, cut);
    const { outcome, reply, log } = await ask();

    expect(outcome).toStrictEqual({ kind: "answered" });
    expect(reply).toContain(
      "    return attempt >= MAX_\n```\n\n*The model's answer stopped here: it reached the 2,000-token limit of one reply, so it may be incomplete.*",
    );
    expect(log).toContain(
      "The model's answer stopped at the reply length limit",
    );
  });

  it("adds no note to an answer the model finished", async () => {
    completions().reply(
      200,
      chatCompletion({ content: "It gives up at `MAX_ATTEMPTS`." }),
    );
    const { reply } = await ask();

    expect(reply).toContain("It gives up at `MAX_ATTEMPTS`.");
    expect(reply).not.toContain("stopped here");
  });
});

describe("a failure comment", () => {
  it("says GitHub failed, never what GitHub's error said; the log does", async () => {
    const clock = createFakeClock();
    const bodies: string[] = [];
    const error = jest.fn();
    const message =
      "GET https://ghe.internal.corp/api/v3/repos/octo-org/hello-world/commits/main answered 500: <html>Traceback at /srv/github/app.rb</html>";
    const outcome = await runQuestion(questionJob(), {
      clientsFor: async (job) => ({
        conversation: testConversation(job, {
          create: async (body) => (bodies.push(body), 1),
          update: async (_id, body) => void bodies.push(body),
          // Read first: a "retry" takes its question from the thread.
          thread: async () => ({ title: "Hello", body: null, comments: [] }),
        }),
        codeHost: {
          label: "github:octo-org/hello-world",
          resolveRef: async () => {
            throw new GitHubError(message, 500);
          },
          at: () => {
            throw new Error("not read");
          },
        },
      }),
      missions: [],
      operator: {
        model: "gpt-4o",
        contextWindow: 128_000,
        snapshotMaxBytes: 1,
      },
      modelFor: () => undefined,
      tokenCounterFor: (model) => createTokenCounter({ model }),
      clock,
      log: { info: () => {}, warn: () => {}, error },
      inFlight: createInFlightRuns(
        { warn: () => {}, error: () => {} },
        { clock },
      ),
    });

    expect(outcome).toStrictEqual({ kind: "failed", reason: "github" });
    const reply = bodies.at(-1)!;
    expect(reply).toContain("GitHub did not answer as expected");
    for (const leak of ["ghe.internal.corp", "Traceback", "/srv/", "https://"])
      expect(reply).not.toContain(leak);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ message }) }),
      "askcode could not answer",
    );
  });
});
