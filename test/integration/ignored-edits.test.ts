import { generateKeyPairSync } from "node:crypto";
import nock from "nock";
import { Registry } from "prom-client";
import { loadOperatorConfig } from "../../src/config/operator-config.js";
import {
  startAppServer,
  type AppServer,
} from "../../src/server/start-app-server.js";
import { signedDelivery } from "../../scripts/mention-delivery.js";
import { jsonLogLines } from "../helpers/json-log-lines.js";
import { createManualClock } from "../helpers/manual-clock.js";
import { tempDirForThisFile } from "../helpers/temp-dirs-of-this-file.js";
import { UnpacedProbotOctokit } from "../helpers/unpaced-probot-octokit.js";
import { MISSIONS_DIR, webhookPayload } from "./probot-harness.js";

const SECRET = "askcode-test-webhook-secret";
const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

let server: AppServer | undefined;
beforeEach(() => nock.enableNetConnect("127.0.0.1"));
afterEach(async () => {
  await server?.shutdown("test end");
  server = undefined;
  nock.disableNetConnect();
});

// docs/architecture/overview.md: each ignored delivery is logged once with
// its reason and counted. Edits and deletions never ask (a question is a new
// comment), yet askcode subscribed only to the actions that may, so Probot
// dropped them before any handler, with no line.
describe("an edited or deleted comment", () => {
  it.each([
    ["issue_comment", "issue_comment.edited", "edited"],
    ["issue_comment", "issue_comment.deleted", "deleted"],
    [
      "pull_request_review_comment",
      "pull_request_review_comment.edited.mention",
      "edited",
    ],
    ["discussion_comment", "discussion_comment.edited.mention", "edited"],
    ["discussion", "discussion.edited.mention", "edited"],
  ])(
    "(%s, %s) is ignored with one log line naming the reason, and counted",
    async (event, fixture, reason) => {
      const env = {
        ASKCODE_MISSIONS_DIR: MISSIONS_DIR,
        HOST: "127.0.0.1",
        PORT: "0",
        ASKCODE_DATA_DIR: tempDirForThisFile("askcode-data-"),
      };
      const lines: string[] = [];
      const metrics = new Registry();
      server = await startAppServer({
        operator: loadOperatorConfig(env),
        credentials: {
          kind: "app",
          appId: 1,
          privateKey,
          webhookSecret: SECRET,
        },
        env,
        metrics,
        clock: createManualClock(),
        log: jsonLogLines(lines),
        Octokit: UnpacedProbotOctokit,
      });
      const delivery = signedDelivery({
        event,
        // As GitHub sends it to an app: with the installation.
        payload: { installation: { id: 1 }, ...webhookPayload(fixture) },
        secret: SECRET,
        deliveryId: "edit-1",
      });
      const response = await fetch(`${server.url}/api/github/webhooks`, {
        method: "POST",
        ...delivery,
      });
      expect(response.status).toBe(200);

      const ignored = lines
        .map((line) => JSON.parse(line) as { msg: string; reason?: string })
        .filter((line) => line.msg.startsWith("askcode ignores this event"));
      expect(ignored).toHaveLength(1);
      expect(ignored[0]).toMatchObject({
        reason,
        msg: expect.stringContaining(`${event}.${reason}`),
      });
      expect(await metrics.metrics()).toContain(
        `askcode_webhooks_ignored_total{reason="${reason}"} 1`,
      );
    },
  );
});
