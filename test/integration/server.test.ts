import { createHmac, generateKeyPairSync } from "node:crypto";
import nock from "nock";
import type { Logger } from "probot";
import { Counter, Registry } from "prom-client";
import { loadOperatorConfig } from "../../src/config/operator-config.js";
import type { JobQueue } from "../../src/jobs/job-queue.js";
import type { Clock } from "../../src/shared/clock.js";
import {
  startAppServer,
  type AppServer,
} from "../../src/server/start-app-server.js";
import { createFakeClock } from "../helpers/fake-clock.js";
import { createManualClock, deferred } from "../helpers/manual-clock.js";
import { tempDirForThisFile } from "../helpers/temp-dirs-of-this-file.js";
import { createSqliteJobJournal } from "../../src/storage/job-journal/sqlite-job-journal.js";
import { openSqliteDatabase } from "../../src/storage/sqlite/open-sqlite-database.js";
import {
  MISSIONS_DIR,
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  OWNER,
  REPO,
  webhookPayload,
} from "./probot-harness.js";
import { jsonLogLines } from "../helpers/json-log-lines.js";
import { UnpacedProbotOctokit } from "../helpers/unpaced-probot-octokit.js";

const SECRET = "askcode-test-webhook-secret";
const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
// Enough code for a retrieval answer to the payload's question about retries.
const FILES = {
  "src/retry.py": [
    "def give_up(attempt, limit=5):",
    '    """The retry logic gives up once attempts reach the limit."""',
    "    return attempt >= limit",
    "",
  ].join("\n"),
};
let server: AppServer | undefined;
let queue: JobQueue | undefined;

async function start(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    metrics?: Registry;
    log?: Logger;
    maxDeliveryBytes?: number;
  } = {},
) {
  const env = {
    ASKCODE_MISSIONS_DIR: MISSIONS_DIR,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    ASKCODE_DATA_DIR: tempDirForThisFile("askcode-data-"),
    ...options.env,
  };
  server = await startAppServer({
    operator: loadOperatorConfig(env),
    credentials: { kind: "app", appId: 1, privateKey, webhookSecret: SECRET },
    env,
    metrics: options.metrics ?? new Registry(),
    clock: options.clock ?? createManualClock(),
    Octokit: UnpacedProbotOctokit,
    retryAfterBaseValue: 1,
    onQueue: (built) => (queue = built),
    ...(options.log ? { log: options.log } : {}),
    ...(options.maxDeliveryBytes
      ? { maxDeliveryBytes: options.maxDeliveryBytes }
      : {}),
  });
  return server;
}

/** One delivery as GitHub sends it: JSON body, event and delivery headers, HMAC-SHA256 signature. */
function deliver(
  target: AppServer,
  event: string,
  payload: unknown,
  options: { id?: string; secret?: string; path?: string } = {},
) {
  const body = JSON.stringify(payload);
  const signature = createHmac("sha256", options.secret ?? SECRET)
    .update(body)
    .digest("hex");
  return fetch(`${target.url}${options.path ?? "/api/github/webhooks"}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": event,
      "x-github-delivery": options.id ?? "72d3162e-cc78-11e3-81ab-4c9367dc0958",
      "x-hub-signature-256": `sha256=${signature}`,
      "user-agent": "GitHub-Hookshot/044aadd",
    },
    body,
  });
}

beforeEach(() => nock.enableNetConnect("127.0.0.1"));
afterEach(async () => {
  // A test that left its server running (a failed assertion) closes it here.
  const left = server;
  server = undefined;
  queue = undefined;
  if (left) {
    left.hurry();
    await left.shutdown("test end");
  }
  nock.disableNetConnect();
});

describe("askcode's HTTP server", () => {
  it("answers /healthz, /readyz, /ping and 404, and serves /metrics to 20 concurrent scrapes", async () => {
    const metrics = new Registry();
    new Counter({
      name: "askcode_test_scrapes_total",
      help: "A metric so the registry has something to render.",
      registers: [metrics],
    }).inc(3);
    const { url } = await start({ metrics });

    const health = await fetch(`${url}/healthz`);
    expect([health.status, await health.text()]).toStrictEqual([200, "ok\n"]);
    const ready = await fetch(`${url}/readyz`);
    expect([ready.status, await ready.text()]).toStrictEqual([200, "ready\n"]);
    expect((await fetch(`${url}/ping`)).status).toBe(200);
    expect((await fetch(`${url}/nothing-here`)).status).toBe(404);

    const scrapes = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${url}/metrics`)),
    );
    const bodies = await Promise.all(scrapes.map((r) => r.text()));
    expect(scrapes.map((r) => r.status)).toStrictEqual(Array(20).fill(200));
    expect(
      new Set(scrapes.map((r) => r.headers.get("content-type"))),
    ).toStrictEqual(new Set([metrics.contentType]));
    expect(new Set(bodies)).toStrictEqual(new Set([await metrics.metrics()]));
    expect(bodies[0]).toContain("askcode_test_scrapes_total 3");
  });

  it("answers a signed mention delivered over HTTP, and refuses one signed with another secret", async () => {
    nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(FILES);
    const metrics = new Registry();
    const target = await start({ metrics });

    const forged = await deliver(
      target,
      "issue_comment",
      webhookPayload("issue_comment.created.mention"),
      { secret: "not-the-secret", id: "forged-1" },
    );
    expect(forged.status).toBe(400);

    const response = await deliver(
      target,
      "issue_comment",
      webhookPayload("issue_comment.created.mention"),
    );
    expect(response.status).toBe(200);
    await queue!.onIdle();

    expect(github.posted).toHaveLength(1);
    expect(github.edits.at(-1)).toContain(
      `https://github.com/${OWNER}/${REPO}/blob/`,
    );
    expect(github.edits.at(-1)).toContain("src/retry.py");
    // The app counts into the registry the server serves; the forged
    // delivery never reached it.
    const scraped = await (await fetch(`${target.url}/metrics`)).text();
    expect(scraped).toContain(
      'askcode_webhooks_received_total{event="issue_comment.created"} 1',
    );
    expect(scraped).toContain(
      `askcode_questions_answered_total{repository="${OWNER}/${REPO}"} 1`,
    );
  });

  it("answers 200 to a comment whose body GitHub sent as null, and counts it as mentioning no one", async () => {
    const target = await start();
    const payload = webhookPayload("issue_comment.created.mention");
    // As GitHub sent it for a comment saved with no text, though its schema says a string.
    payload.comment.body = null;

    const response = await deliver(target, "issue_comment", payload);

    // A 500 is a failed delivery GitHub would redeliver, to fail again.
    expect(response.status).toBe(200);
    await queue!.onIdle();
    const scraped = await (await fetch(`${target.url}/metrics`)).text();
    expect(scraped).toContain(
      'askcode_webhooks_ignored_total{reason="no-mention"} 1',
    );
  });

  it("logs a forged delivery and an oversized one as one line each, with id, reason and size, never the body", async () => {
    // The JSON lines Probot's logger writes in production, as a collector reads them.
    const written: string[] = [];
    const log = jsonLogLines(written);
    const target = await start({ log, maxDeliveryBytes: 64 * 1024 });
    const startup = written.length;
    const marker = "FORGED-BODY-MARKER";
    const payload = {
      ...(webhookPayload("issue_comment.created.mention") as object),
      padding: `${marker} ${"x".repeat(32 * 1024)}`,
    };

    const forged = await deliver(target, "issue_comment", payload, {
      secret: "not-the-secret",
      id: "forged-1",
    });
    const oversized = await deliver(
      target,
      "issue_comment",
      { ...payload, padding: `${marker} ${"x".repeat(80 * 1024)}` },
      { id: "oversized-1" },
    );

    expect(forged.status).toBe(400);
    expect(oversized.status).toBe(413);
    const lines = written.slice(startup);
    expect(lines).toHaveLength(2);
    expect(lines.join("\n")).not.toContain(marker);
    const [first, second] = lines.map((line) => JSON.parse(line) as object);
    expect(first).toMatchObject({
      level: 40,
      msg: "webhook delivery refused",
      deliveryId: "forged-1",
      event: "issue_comment",
      reason: "signature mismatch",
      bytes: JSON.stringify(payload).length,
    });
    expect(second).toMatchObject({
      level: 40,
      msg: "webhook delivery refused",
      deliveryId: "oversized-1",
      reason: "too large",
      bytes: expect.any(Number) as number,
    });
    expect((second as { bytes: number }).bytes).toBeGreaterThan(64 * 1024);
  });

  it("starts with a model that cannot be reached and answers from retrieval, saying so", async () => {
    nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(FILES);
    const llm = nock("http://llm.unreachable.test")
      .post("/v1/chat/completions")
      .times(20)
      .replyWithError({
        code: "ECONNREFUSED",
        message: "connect ECONNREFUSED",
      });
    // Retries wait through the clock: a FakeClock's sleeps end at once.
    const target = await start({
      env: { OPENAI_BASE_URL: "http://llm.unreachable.test/v1" },
      clock: createFakeClock(),
    });
    expect((await fetch(`${target.url}/healthz`)).status).toBe(200);

    expect(
      (
        await deliver(
          target,
          "issue_comment",
          webhookPayload("issue_comment.created.mention"),
        )
      ).status,
    ).toBe(200);
    await queue!.onIdle();

    const answer = github.edits.at(-1)!;
    expect(answer).toMatch(
      /^askcode could not reach its model, so this answer comes from a search of the code alone/,
    );
    expect(answer).toContain("src/retry.py");
    expect(llm.isDone()).toBe(false); // it tried, then gave up on the model
  });

  it("on SIGTERM: readiness and new deliveries get 503, liveness stays 200, and an answer past the grace period is left, with its comment, for the next start", async () => {
    nockAppAuth();
    nockNoConfig();
    const reached = deferred();
    const release = deferred();
    // The run's first read of the code waits until the test releases it.
    nock("https://api.github.com")
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(async () => {
        reached.resolve();
        await release.promise;
        return [
          200,
          {
            id: 1296269,
            full_name: `${OWNER}/${REPO}`,
            default_branch: "main",
          },
          { etag: '"repo-etag"' },
        ];
      });
    const github = await nockRepository(FILES);
    const clock = createManualClock();
    const dataDir = tempDirForThisFile("askcode-data-");
    const target = await start({ clock, env: { ASKCODE_DATA_DIR: dataDir } });

    await deliver(
      target,
      "issue_comment",
      webhookPayload("issue_comment.created.mention"),
    );
    await reached.promise;
    expect(github.posted).toStrictEqual([
      expect.stringContaining("Searching the code…"),
    ]);

    const stopped = target.shutdown("SIGTERM");
    expect((await fetch(`${target.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${target.url}/healthz`)).status).toBe(200);
    const late = await deliver(
      target,
      "issues",
      webhookPayload("issues.opened.mention"),
      { id: "late-delivery" },
    );
    expect(late.status).toBe(503);

    clock.advance(25_000);
    await stopped;
    server = undefined;
    // No notice: the next start takes the question up and edits this comment.
    expect(github.edits).toStrictEqual([]);
    const db = await openSqliteDatabase(dataDir);
    const left = await createSqliteJobJournal(db, { clock }).unfinished();
    db.close();
    expect(left).toStrictEqual([
      expect.objectContaining({
        job: expect.objectContaining({ triggerId: expect.any(String) }),
        commentId: expect.any(Number),
        // Cut short by the stop, not by a fault: the attempt is not counted.
        attemptsMade: 0,
      }),
    ]);
    release.resolve();
    await queue!.onIdle();
  });
});
