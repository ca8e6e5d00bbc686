import nock from "nock";
import { createFakeClock } from "../helpers/fake-clock.js";
import {
  chatCompletion,
  nockAppAuth,
  nockConfig,
  nockNoConfig,
  nockRepository,
  startAskcode,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

/** The webhook's comment, saying `body`, by someone of `association`. */
function mention(body: string, association = "OWNER") {
  const payload = webhookPayload("issue_comment.created.mention");
  payload.comment.body = body; // changed
  payload.comment.author_association = association; // changed
  return payload;
}

describe("a repository's controls in .github/askcode.yml, on real webhook deliveries", () => {
  it("`progress: none`: no 👀 and no progress comment, only the answer", async () => {
    const auth = nockAppAuth();
    nockConfig("progress: none\n");
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-quiet",
      name: "issue_comment",
      payload: mention(
        "@askcode where does the retry logic decide to give up?",
      ),
    });
    await idle();

    expect(github.reactions).toStrictEqual([]);
    expect(github.edits).toStrictEqual([]);
    expect(github.posted).toHaveLength(1);
    expect(github.posted[0]).toContain("should_give_up");
    expect(github.posted[0]).not.toContain("Searching the code");
    auth.persist(false);
  });

  it("`@askcode /help` answers with the commands and the settings, reading no code", async () => {
    const auth = nockAppAuth();
    nockConfig("outsiders: retrieval\n");
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-help",
      name: "issue_comment",
      payload: mention("@askcode /help"),
    });
    await idle();

    const reply = github.edits.at(-1)!;
    expect(reply).toContain("| `@askcode /sources [question]` |");
    expect(reply).toContain(
      "People outside the repository get an answer from a search of the code alone",
    );
    expect(github.codeload.isDone()).toBe(false);
    nock.cleanAll();
    auth.persist(false);
  });

  it("`outsiders: retrieval`: someone without write access gets the search's answer, saying how a member gets the model's", async () => {
    const auth = nockAppAuth();
    nockConfig("outsiders: retrieval\n");
    const github = await nockRepository(UPLOAD_REPOSITORY);
    // A model is configured, and must not be asked.
    const llm = nock("http://llm.test").post("/v1/chat/completions").reply(500);
    const { probot, idle } = await startAskcode({
      OPENAI_BASE_URL: "http://llm.test/v1",
      OPENAI_API_KEY: "sk-test",
    });

    await probot.receive({
      id: "delivery-outsider",
      name: "issue_comment",
      payload: mention(
        "@askcode where does the retry logic decide to give up?",
        "NONE",
      ),
    });
    await idle();

    const answer = github.edits.at(-1)!;
    expect(answer).toMatch(
      /^This repository answers people outside it from a search of the code alone\. One of its members can ask for the model's answer with `@askcode \/retry`\./,
    );
    expect(answer).toContain("should_give_up");
    expect(llm.isDone()).toBe(false);
    nock.cleanAll();
    auth.persist(false);
  });
});

describe("model budgets, on real webhook deliveries", () => {
  it("the answer that spends the repository's day shows its tokens and cost; the next is answered from retrieval, saying so", async () => {
    const auth = nockAppAuth();
    // The completion reports 16,000 prompt and 4,000 reply tokens: the day's 20,000.
    const llm = nock("http://llm.test")
      .post("/v1/chat/completions")
      .reply(200, {
        ...chatCompletion({
          content: "It gives up in `should_give_up` (`src/upload.py#L3-L6`).",
        }),
        usage: {
          prompt_tokens: 16_000,
          completion_tokens: 4_000,
          total_tokens: 20_000,
        },
      });
    const { probot, idle } = await startAskcode(
      {
        OPENAI_BASE_URL: "http://llm.test/v1",
        OPENAI_API_KEY: "sk-test",
        ASKCODE_TOKENS_PER_REPOSITORY_PER_DAY: "20000",
        ASKCODE_MODEL_PRICES: "gpt-4o=2.5/10",
      },
      // Noon UTC: both questions fall in one day, however slow the machine.
      { clock: createFakeClock(Date.parse("2026-11-27T12:00:00Z")) },
    );
    const ask = async (commentId: number) => {
      nockNoConfig();
      const github = await nockRepository(UPLOAD_REPOSITORY);
      const payload = mention(
        "@askcode where does the retry logic decide to give up?",
      );
      payload.comment.id = commentId; // changed: another comment
      await probot.receive({
        id: `delivery-${commentId}`,
        name: "issue_comment",
        payload,
      });
      await idle();
      return github.edits.at(-1)!;
    };

    const first = await ask(1);
    // 16,000 × $2.50 + 4,000 × $10 per million tokens.
    expect(first).toMatch(
      /<sub>askcode · gpt-4o · 20,000 tokens · \$0\.080 · /,
    );
    expect(llm.isDone()).toBe(true);

    // The first run's unused interceptors would take the second run's requests.
    nock.cleanAll();
    const reauth = nockAppAuth();
    const second = await ask(2);
    expect(second).toMatch(
      /^This repository's model budget for today \(20,000 tokens, UTC\) is spent, so this answer comes from a search of the code alone\. It renews at 2026-11-28 00:00 UTC\./,
    );
    expect(second).toContain("retrieval only, no model");
    nock.cleanAll();
    auth.persist(false);
    reauth.persist(false);
  });
});

describe("the repository's instruction files, on a real webhook delivery", () => {
  it("reads AGENTS.md from the repository's tarball at the commit and shows it to the model, labelled, in its first message", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    await nockRepository({
      ...UPLOAD_REPOSITORY,
      "AGENTS.md": "Say attempts, never tries.\n",
    });
    const firstMessages: string[] = [];
    nock("http://llm.test")
      .post("/v1/chat/completions")
      .reply(200, (_uri, body) => {
        const { messages } = body as {
          messages: Array<{ role: string; content: string }>;
        };
        firstMessages.push(
          messages.find((m) => m.role === "user")?.content ?? "",
        );
        return chatCompletion({
          content: "It gives up after five attempts (`src/upload.py#L3-L6`).",
        });
      });
    const { probot, idle } = await startAskcode({
      OPENAI_BASE_URL: "http://llm.test/v1",
      OPENAI_API_KEY: "sk-test",
    });

    await probot.receive({
      id: "delivery-guidance",
      name: "issue_comment",
      payload: mention(
        "@askcode where does the retry logic decide to give up?",
      ),
    });
    await idle();

    expect(firstMessages[0]).toMatch(
      /# Repository guidance\n[^\n]*\n<data from="file AGENTS\.md at [0-9a-f]{40}">\nSay attempts, never tries\.\n<\/data>/,
    );
    nock.cleanAll();
    auth.persist(false);
  });
});
