import nock from "nock";
import {
  nockAppAuth,
  nockRepository,
  startAskcode,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

const API = "https://api.github.com";

/** The repository's `.github/askcode.yml`, as GitHub serves a file in raw form. */
function nockConfig(yaml: string): nock.Scope {
  return nock(API)
    .get("/repos/Codertocat/Hello-World/contents/.github%2Faskcode.yml")
    .reply(200, yaml, { "content-type": "text/plain; charset=utf-8" });
}

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
