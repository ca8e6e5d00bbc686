import { Registry } from "prom-client";
import { createFakeClock } from "../helpers/fake-clock.js";
import { metricSamples } from "../helpers/metric-samples.js";
import {
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  permalinks,
  startAskcode,
  SHA,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

const FILES = UPLOAD_REPOSITORY;
const LINES = Object.fromEntries(
  Object.entries(FILES).map(([path, text]) => [path, text.split("\n").length]),
);

describe("a mention on an issue comment, with no model configured", () => {
  it("reacts 👀, posts one comment and edits it into a retrieval answer whose every link resolves at the commit", async () => {
    const auth = nockAppAuth();
    const config = nockNoConfig();
    const github = await nockRepository(FILES);
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-1",
      name: "issue_comment",
      payload: webhookPayload("issue_comment.created.mention"),
    });
    await idle();

    expect(github.reactions).toStrictEqual([
      "/repos/Codertocat/Hello-World/issues/comments/492700400/reactions eyes",
    ]);
    expect(github.posted).toHaveLength(1);
    expect(github.posted[0]).toContain(
      "this comment will be updated with the answer",
    );
    const answer = github.edits.at(-1)!;
    expect(answer).toContain(`Here is what a search of the code at`);
    const links = permalinks(answer);
    expect(links.length).toBeGreaterThan(0);
    expect(links[0]!.path).toBe("src/upload.py");
    for (const link of links) {
      expect(Object.keys(FILES)).toContain(link.path);
      expect(link.end).toBeLessThanOrEqual(LINES[link.path]!);
    }
    expect(answer).toContain("should_give_up");
    expect(answer).toContain(SHA.slice(0, 7));
    expect(
      github.scope.pendingMocks().filter((m) => !m.includes("PATCH")),
    ).toStrictEqual([]);
    expect(github.codeload.isDone()).toBe(true);
    expect(config.pendingMocks()).toStrictEqual([]);
    auth.persist(false);
  });

  it("answers the same comment only once, however often it is delivered", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    nockNoConfig();
    const github = await nockRepository(FILES);
    const { probot, idle } = await startAskcode();

    const event = webhookPayload("issue_comment.created.mention");
    await probot.receive({
      id: "delivery-1",
      name: "issue_comment",
      payload: event,
    });
    await probot.receive({
      id: "delivery-2",
      name: "issue_comment",
      payload: event,
    });
    await idle();

    expect(github.posted).toHaveLength(1);
    expect(github.reactions).toHaveLength(1);
    auth.persist(false);
  });

  it("posts nothing for a bot's comment, nor for the app's own", async () => {
    const auth = nockAppAuth();
    // Everything a question would be answered with is served, so a bot's
    // comment let through would be reacted to and answered, not fail on a
    // missing route inside the worker.
    nockNoConfig();
    const github = await nockRepository(FILES);
    const metrics = new Registry();
    // A wrongly started run's retries wait on this clock: at once, so it
    // ends (and its writes are seen) within the test.
    const { probot, idle } = await startAskcode(
      {},
      { metrics, clock: createFakeClock() },
    );
    const own = webhookPayload("issue_comment.created.bot");
    // changed: another app's comment (a different comment, so not the same trigger)
    const other = webhookPayload("issue_comment.created.bot");
    other.comment.id = 492700401;
    other.sender.login = other.comment.user.login = "dependabot[bot]";

    for (const [id, payload] of [
      ["delivery-3", own],
      ["delivery-4", other],
    ])
      await probot.receive({ id, name: "issue_comment", payload });
    await idle();

    expect([github.reactions, github.posted, github.edits]).toStrictEqual([
      [],
      [],
      [],
    ]);
    expect(
      await metricSamples(metrics, "askcode_webhooks_ignored_total"),
    ).toStrictEqual(['askcode_webhooks_ignored_total{reason="bot"} 2']);
    auth.persist(false);
  });
});
