import nock from "nock";
import { freeLoopbackPort } from "../../../scripts/free-loopback-port.js";
import { loadOperatorConfig } from "../../../src/config/operator-config.js";
import { startSetupServer } from "../../../src/server/start-setup-server.js";
import { jsonLogLines } from "../../helpers/json-log-lines.js";

// Setup mode: the app has no ID (or no key) yet, and Probot's registration
// flow serves the page that creates one. The probes must still be answered,
// and what to set must be said once, naming only what is missing.
describe("startSetupServer", () => {
  let stop: (() => Promise<void>) | undefined;
  const written: string[] = [];
  const had = process.env.NO_SMEE_SETUP;

  // The server is real, on loopback.
  beforeEach(() => nock.enableNetConnect(/^127\.0\.0\.1:\d+$/));
  afterEach(async () => {
    nock.disableNetConnect();
    await stop?.();
    stop = undefined;
    written.length = 0;
    if (had === undefined) delete process.env.NO_SMEE_SETUP;
    else process.env.NO_SMEE_SETUP = had;
  });

  async function start(
    missing: Parameters<typeof startSetupServer>[0]["missing"],
  ) {
    const log = jsonLogLines(written);
    const server = await startSetupServer({
      // Probot's Server takes PORT=0 for its default, 3000: a free port instead.
      operator: loadOperatorConfig({
        HOST: "127.0.0.1",
        PORT: String(await freeLoopbackPort()),
      }),
      missing,
      env: process.env,
      log,
    });
    stop = server.stop;
    return server.url;
  }

  it("answers /healthz 200, and /readyz and /metrics 503 with what to set", async () => {
    const url = await start(["APP_ID"]);

    const healthz = await fetch(`${url}/healthz`);
    expect([healthz.status, await healthz.text()]).toEqual([200, "ok\n"]);
    for (const path of ["/readyz", "/metrics"]) {
      const answer = await fetch(`${url}${path}`);
      expect(answer.status).toBe(503);
      const body = await answer.text();
      expect(body).toMatch(
        /^setup: not configured: set APP_ID \(the App ID on the GitHub App's settings page\), or open this server's \/ to register a new GitHub App/,
      );
      // The key is set: it is not asked for again.
      expect(body).not.toContain("PRIVATE_KEY (");
    }
    // The setup flow itself still answers.
    expect((await fetch(`${url}/probot`)).status).toBe(200);
  });

  it("logs one line naming only what is missing, and no smee-client warning without a proxy URL", async () => {
    const url = await start(["APP_ID"]);

    const messages = written.map((line) => JSON.parse(line).msg as string);
    expect(messages.filter((m) => m.includes("setup mode"))).toEqual([
      `askcode is in setup mode: APP_ID is not set. Set APP_ID (the App ID on the GitHub App's settings page), or open ${url} to register a new GitHub App (the setup page writes APP_ID, PRIVATE_KEY and WEBHOOK_SECRET to .env); then restart askcode.`,
    ]);
    expect(messages.join("\n")).not.toMatch(
      /APP_ID and PRIVATE_KEY|SmeeClient/,
    );
  });

  it("logs the probes' answers not at all: an orchestrator asks every few seconds, and the cause is logged once", async () => {
    const url = await start(["APP_ID"]);
    const before = written.length;

    for (const path of ["/readyz", "/metrics", "/readyz", "/healthz"])
      await (await fetch(`${url}${path}`)).text();
    // The setup page's own requests are still logged, as Probot logs them.
    await (await fetch(`${url}/probot`)).text();

    const logged = written
      .slice(before)
      .map((line) => JSON.parse(line) as { msg: string; err?: unknown });
    expect(logged.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^GET \/probot 200 - \d+ms$/),
    ]);
  });

  it("names the key as well when neither is set", async () => {
    const url = await start(["APP_ID", "PRIVATE_KEY or PRIVATE_KEY_PATH"]);

    expect(await (await fetch(`${url}/readyz`)).text()).toContain(
      "set APP_ID (the App ID on the GitHub App's settings page), and PRIVATE_KEY (the app's private key, PEM) or PRIVATE_KEY_PATH",
    );
    expect(written.map((line) => JSON.parse(line).msg).join("\n")).toContain(
      "askcode is in setup mode: APP_ID and PRIVATE_KEY or PRIVATE_KEY_PATH are not set.",
    );
  });
});
