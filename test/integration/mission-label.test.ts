import nock from "nock";
import { Registry } from "prom-client";
import { createFakeClock } from "../helpers/fake-clock.js";
import { metricSamples } from "../helpers/metric-samples.js";
import {
  MODEL_ENV,
  nockAppAuth,
  nockConfig,
  nockModel,
  nockNoConfig,
  nockRepository,
  permalinks,
  startAskcode,
  UPLOAD_REPOSITORY,
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

/** The example's `askcode: triage` label, on an issue an outsider opened. */
function outsidersIssueLabelled(by: "its template" | "a maintainer") {
  const event = webhookPayload("issues.labeled.triage");
  event.installation = {
    id: 1,
    node_id: "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==",
  };
  // changed: the issue's author is outside the repository. An issue
  // template's labels come with the author as the sender, as the example has it.
  event.issue.author_association = "NONE";
  if (by === "a maintainer") event.sender.login = "maintainer"; // changed
  return event;
}

describe("a mission label, decided by whoever applied it", () => {
  it("`outsiders: retrieval`: an outsider's issue template label runs the mission from the search alone, saying how a member gets the model's", async () => {
    const auth = nockAppAuth();
    nockConfig("outsiders: retrieval\n");
    const github = await nockRepository(UPLOAD_REPOSITORY);
    // A model is configured, and must not be asked.
    const llm = nockModel();
    const { probot, idle } = await startAskcode(MODEL_ENV);

    await probot.receive({
      id: "delivery-template-label",
      name: "issues",
      payload: outsidersIssueLabelled("its template"),
    });
    await idle();

    const answer = github.edits.at(-1)!;
    expect(answer).toMatch(
      /^This repository answers people outside it from a search of the code alone\. One of its members can run this with the model by removing the label `askcode: triage` and adding it again\./,
    );
    expect(answer).toContain("retrieval only, no model");
    expect(llm.isDone()).toBe(false);
    nock.cleanAll();
    auth.persist(false);
  });

  it("`outsiders: none`: an outsider's issue template label runs nothing and says nothing, as their mention would", async () => {
    const auth = nockAppAuth();
    // Read once per delivery: the label's, then the mention's.
    nockConfig("outsiders: none\n");
    nockConfig("outsiders: none\n");
    // Everything a run would need is served, so one let through would be
    // seen in the writes rather than fail on a missing route.
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const metrics = new Registry();
    const { probot, idle } = await startAskcode(
      {},
      { metrics, clock: createFakeClock() },
    );
    const mention = webhookPayload("issue_comment.created.mention");
    mention.comment.author_association = "NONE"; // changed: an outsider asks

    await probot.receive({
      id: "delivery-template-label-none",
      name: "issues",
      payload: outsidersIssueLabelled("its template"),
    });
    await probot.receive({
      id: "delivery-mention-none",
      name: "issue_comment",
      payload: mention,
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
      'askcode_webhooks_ignored_total{reason="association-not-allowed"} 2',
    ]);
    nock.cleanAll();
    auth.persist(false);
  });

  it("a maintainer's label on an outsider's issue runs the mission with the model: the maintainer chose it", async () => {
    const auth = nockAppAuth();
    nockConfig("outsiders: retrieval\n");
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const llm = nockModel(
      "It gives up in `should_give_up` (`src/upload.py#L6-L10`).",
    );
    const { probot, idle } = await startAskcode(MODEL_ENV);

    await probot.receive({
      id: "delivery-maintainer-label",
      name: "issues",
      payload: outsidersIssueLabelled("a maintainer"),
    });
    await idle();

    const answer = github.edits.at(-1)!;
    expect(answer).toContain("It gives up in `should_give_up`");
    expect(answer).not.toContain("people outside it");
    expect(llm.isDone()).toBe(true);
    nock.cleanAll();
    auth.persist(false);
  });
});
