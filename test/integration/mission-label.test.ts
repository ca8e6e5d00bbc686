import { Registry } from "prom-client";
import { createFakeClock } from "../helpers/fake-clock.js";
import { metricSamples } from "../helpers/metric-samples.js";
import {
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  permalinks,
  startAskcode,
  webhookPayload,
} from "./probot-harness.js";

const FILES = {
  "README.md": "# Hello-World\n",
  "spelling.py":
    "def check_spelling(text):\n    return 'commmit' not in text\n",
};

describe("a label that a mission claims", () => {
  it("runs the mission on the labelled issue: 👀 on the issue, one comment, edited into an answer", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(FILES);
    const { probot, idle } = await startAskcode();
    const event = webhookPayload("issues.labeled.triage");
    // The example was recorded without an installation; an installed app's deliveries carry one.
    event.installation = {
      id: 1,
      node_id: "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==",
    };

    await probot.receive({
      id: "delivery-label",
      name: "issues",
      payload: event,
    });
    await idle();

    expect(github.reactions).toStrictEqual([
      "/repos/Codertocat/Hello-World/issues/1/reactions eyes",
    ]);
    expect(github.posted).toHaveLength(1);
    const answer = github.edits.at(-1)!;
    // The issue ("Spelling error in the README file") is the question.
    expect(permalinks(answer).map((link) => link.path)).toContain(
      "spelling.py",
    );
    auth.persist(false);
  });

  it("does nothing for a label no mission claims", async () => {
    const auth = nockAppAuth();
    // Everything a mission would run with is served, so a label let through
    // would be reacted to and answered, not fail on a missing route inside
    // the worker.
    nockNoConfig();
    const github = await nockRepository(FILES);
    const metrics = new Registry();
    // A wrongly started run's retries wait on this clock: at once, so it
    // ends (and its writes are seen) within the test.
    const { probot, idle } = await startAskcode(
      {},
      { metrics, clock: createFakeClock() },
    );
    const event = webhookPayload("issues.labeled");
    event.installation = {
      id: 1,
      node_id: "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==",
    };

    await probot.receive({
      id: "delivery-bug",
      name: "issues",
      payload: event,
    });
    await idle();

    expect([github.reactions, github.posted, github.edits]).toStrictEqual([
      [],
      [],
      [],
    ]);
    expect(
      await metricSamples(metrics, "askcode_webhooks_ignored_total"),
    ).toStrictEqual([
      'askcode_webhooks_ignored_total{reason="label-not-claimed"} 1',
    ]);
    auth.persist(false);
  });
});
