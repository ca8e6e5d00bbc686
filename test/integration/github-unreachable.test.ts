import { generateKeyPairSync } from "node:crypto";
import { Writable } from "node:stream";
import nock from "nock";
import { pino } from "pino";
import { Registry } from "prom-client";
import { loadOperatorConfig } from "../../src/config/operator-config.js";
import {
  startAppServer,
  type AppServer,
} from "../../src/server/start-app-server.js";
import { freeLoopbackPort } from "../../scripts/free-loopback-port.js";
import { signedDelivery } from "../../scripts/mention-delivery.js";
import { createManualClock } from "../helpers/manual-clock.js";
import { tempDirForThisFile } from "../helpers/temp-dirs-of-this-file.js";
import { ProbotOctokit } from "probot";
import type { JobQueue } from "../../src/jobs/job-queue.js";
import {
  MISSIONS_DIR,
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

// askcode started as an operator would, its GitHub (GHE_HOST) a loopback
// port nothing listens on: every request is refused at once, as when a
// firewall or a wrong host keeps GitHub out of reach.
const SECRET = "askcode-test-webhook-secret";
const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

interface LogLine {
  level: number;
  msg: string;
  github?: { fault: string; request: string };
}

/** JSON log lines as pino writes them, and a way to await the one a test expects. */
function awaitedLogLines() {
  const lines: LogLine[] = [];
  const waiting: Array<{
    test(line: LogLine): boolean;
    found(line: LogLine): void;
  }> = [];
  const log = pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split("\n").filter(Boolean)) {
          const line = JSON.parse(text) as LogLine;
          lines.push(line);
          for (const waiter of [...waiting])
            if (waiter.test(line)) {
              waiting.splice(waiting.indexOf(waiter), 1);
              waiter.found(line);
            }
        }
        done();
      },
    }),
  );
  const next = (test: (line: LogLine) => boolean) =>
    new Promise<LogLine>((found) => {
      const seen = lines.find(test);
      if (seen) found(seen);
      else waiting.push({ test, found });
    });
  return { log, lines, next };
}

/**
 * Probot's Octokit without GitHub's write pacing but with its retries, as
 * in production, waiting 0 ms between attempts: a request to an unreachable
 * GitHub fails four times (GITHUB_REQUEST_RETRIES), which is what names it
 * in /readyz (as `UnpacedProbotOctokit`, retries kept on).
 */
const RetryingProbotOctokit = ProbotOctokit.defaults(
  (options: Record<string, unknown>) => ({
    ...options,
    retry: { ...(options.retry as object), retryAfterBaseValue: 0 },
    throttle: { ...(options.throttle as object), enabled: false },
  }),
);

let server: AppServer | undefined;
beforeEach(() => nock.enableNetConnect("127.0.0.1"));
afterEach(async () => {
  const left = server;
  server = undefined;
  if (left) {
    left.hurry();
    await left.shutdown("test end");
  }
  nock.disableNetConnect();
});

describe("askcode with GitHub out of reach", () => {
  it("logs the cause at the first refused request, names GitHub in /readyz once three in a row failed, and answers once GitHub is back, saying how long it waited", async () => {
    const port = await freeLoopbackPort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      ASKCODE_MISSIONS_DIR: MISSIONS_DIR,
      HOST: "127.0.0.1",
      PORT: "0",
      GHE_HOST: `127.0.0.1:${port}`,
      GHE_PROTOCOL: "http",
      ASKCODE_DATA_DIR: tempDirForThisFile("askcode-data-"),
    };
    const clock = createManualClock();
    const logs = awaitedLogLines();
    let queue: JobQueue | undefined;
    server = await startAppServer({
      operator: loadOperatorConfig(env),
      credentials: { kind: "app", appId: 1, privateKey, webhookSecret: SECRET },
      env,
      metrics: new Registry(),
      clock,
      log: logs.log,
      Octokit: RetryingProbotOctokit,
      retryAfterBaseValue: 1,
      onQueue: (built) => (queue = built),
    });
    const readyz = async () => {
      const response = await fetch(`${server!.url}/readyz`);
      return [response.status, await response.text()];
    };
    expect(await readyz()).toStrictEqual([200, "ready\n"]);

    const host = {
      api: `${origin}/api/v3`,
      web: origin,
      codeload: `http://localhost:${port}`,
    };
    const payload = webhookPayload("issue_comment.created.mention", host);
    const delivery = signedDelivery({
      event: "issue_comment",
      payload,
      secret: SECRET,
    });
    const delivered = await fetch(`${server.url}/api/github/webhooks`, {
      method: "POST",
      ...delivery,
    });
    expect(delivered.status).toBe(200);

    // The worker's first request (the installation's token) is refused:
    // one warning, at once, with the cause and where, however many times
    // Octokit asks again.
    const warning = await logs.next((line) => line.github !== undefined);
    expect(warning).toMatchObject({
      level: 40,
      msg: expect.stringContaining(
        `askcode's request to GitHub failed: connection refused (ECONNREFUSED) at ${origin}.`,
      ),
      github: {
        fault: "unreachable",
        request: `POST ${origin}/api/v3/app/installations/1/access_tokens`,
      },
    });
    // Octokit's retries of it (GITHUB_REQUEST_RETRIES) are refused too: the
    // third refusal in a row makes /readyz name GitHub.
    await until(async () => (await readyz())[0] === 503);
    const [, notReady] = await readyz();
    expect(notReady).toBe(
      `not ready: github: unreachable since ${new Date(clock.now()).toISOString()}: connection refused (ECONNREFUSED) at ${origin} (${/\((\d+) requests failed\)/.exec(String(notReady))?.[1]} requests failed)\n`,
    );
    expect(
      Number(/\((\d+) requests/.exec(String(notReady))?.[1]),
    ).toBeGreaterThanOrEqual(3);
    // One warning for the outage, not one per request.
    expect(logs.lines.filter((line) => line.github)).toHaveLength(1);

    // GitHub is back (nock answers on its address): the request waiting
    // for it goes through as the first probe, 5 s after the third failure,
    // and the question is answered, saying how long it waited.
    nockAppAuth(host);
    const github = await nockRepository(UPLOAD_REPOSITORY, host);
    // The request waiting is the token's (Octokit's last retry of it), so
    // the config is read once GitHub answers: it has none.
    const config = nockNoConfig(host);
    clock.advance(5_000);
    await queue!.onIdle();
    expect(await readyz()).toStrictEqual([200, "ready\n"]);
    const answer = github.edits.at(-1) ?? github.posted.at(-1);
    expect(answer).toContain(
      "> askcode could not reach GitHub from 22:13:20 to 22:13:25 UTC; this answer waited 5.0s for it.",
    );
    expect(answer).toContain("src/upload.py");
    expect(config.pendingMocks()).toStrictEqual([]);
    expect(
      logs.lines.find((line) =>
        line.msg.startsWith("GitHub answers askcode again"),
      ),
    ).toMatchObject({ level: 30 });
  });
});

/** Turns of the event loop until `ready` holds: the app's work is I/O on loopback, never a timer. */
async function until(ready: () => boolean | Promise<boolean>): Promise<void> {
  for (let turn = 0; turn < 10_000; turn++) {
    if (await ready()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("the awaited state never came");
}
