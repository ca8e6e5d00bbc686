import { createGitHubHealth } from "../../../../src/code-host/github/github-health.js";
import { createManualClock } from "../../../helpers/manual-clock.js";

const API = "http://127.0.0.1:9/api/v3";
const refused = () =>
  new TypeError("fetch failed", {
    cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), {
      code: "ECONNREFUSED",
    }),
  });

/** A fetch that fails while `down` is true and answers 200 otherwise, counting what reached it. */
function network() {
  const state = {
    down: true,
    sent: [] as string[],
    fetch: async (input: string | URL | Request) => {
      state.sent.push(String(input));
      if (state.down) throw refused();
      return new Response("{}", { status: 200 });
    },
  };
  return state;
}

function logLines() {
  const lines: Array<[string, object, string]> = [];
  return {
    lines,
    log: {
      warn: (meta: object, message: string) =>
        lines.push(["warn", meta, message]),
      info: (meta: object, message: string) =>
        lines.push(["info", meta, message]),
    },
  };
}

describe("createGitHubHealth", () => {
  it("warns once at the first failure, names GitHub for /readyz from the third in a row, and logs the recovery", async () => {
    const clock = createManualClock();
    const net = network();
    const { lines, log } = logLines();
    const github = createGitHubHealth({
      log,
      clock,
      appId: 1,
      fetch: net.fetch,
    });

    await expect(github.fetch(`${API}/app`)).rejects.toThrow("fetch failed");
    expect(lines).toStrictEqual([
      [
        "warn",
        { github: { fault: "unreachable", request: `GET ${API}/app` } },
        "askcode's request to GitHub failed: connection refused (ECONNREFUSED) at http://127.0.0.1:9. Nothing askcode posts can reach GitHub until it answers; questions wait and are answered once it does.",
      ],
    ]);
    expect(github.problem()).toBeUndefined();
    await expect(github.fetch(`${API}/app`)).rejects.toThrow("fetch failed");
    expect(github.problem()).toBeUndefined();
    await expect(github.fetch(`${API}/app`)).rejects.toThrow("fetch failed");
    expect(github.problem()).toBe(
      `github: unreachable since ${new Date(1_700_000_000_000).toISOString()}: connection refused (ECONNREFUSED) at http://127.0.0.1:9 (3 requests failed)`,
    );
    expect(lines).toHaveLength(1);

    // Out of reach: the next request waits for the first probe (5 s on).
    net.down = false;
    const waiting = github.fetch(`${API}/repos/o/r`);
    await Promise.resolve();
    expect(net.sent).toHaveLength(3);
    clock.advance(5_000);
    expect((await waiting).status).toBe(200);
    expect(github.problem()).toBeUndefined();
    expect(github.lastOutage()).toStrictEqual({
      since: 1_700_000_000_000,
      until: 1_700_000_005_000,
    });
    expect(lines[1]).toStrictEqual([
      "info",
      { github: { fault: "unreachable", downMs: 5_000, failures: 3 } },
      "GitHub answers askcode again, after 3 failed requests in 5.0 s",
    ]);
  });

  it("lets one probe through at a time while out of reach, on the probe waits, and releases every waiting request at the first answer", async () => {
    const clock = createManualClock();
    const net = network();
    const github = createGitHubHealth({
      log: logLines().log,
      clock,
      fetch: net.fetch,
      probeWaitsMs: [1_000, 2_000],
    });
    for (let i = 0; i < 3; i++)
      await expect(github.fetch(`${API}/a`)).rejects.toThrow();
    const first = github.fetch(`${API}/first`);
    const second = github.fetch(`${API}/second`);
    const tick = () => new Promise((r) => setImmediate(r));
    await tick();
    expect(net.sent).toHaveLength(3);
    clock.advance(1_000); // one probe: still refused, both wait on
    await tick();
    expect(net.sent).toHaveLength(4);
    clock.advance(1_000); // the next probe is 2 s after the last
    await tick();
    expect(net.sent).toHaveLength(4);
    net.down = false;
    clock.advance(1_000);
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.status)).toStrictEqual([200, 200]);
    expect(net.sent.slice(3)).toStrictEqual([
      `${API}/first`,
      `${API}/first`,
      `${API}/second`,
    ]);
  });

  it("stops waiting with the signal's reason when the request's deadline ends", async () => {
    const clock = createManualClock();
    const net = network();
    const github = createGitHubHealth({
      log: logLines().log,
      clock,
      fetch: net.fetch,
    });
    for (let i = 0; i < 3; i++)
      await expect(github.fetch(`${API}/a`)).rejects.toThrow();
    const deadline = new AbortController();
    const waiting = github.fetch(`${API}/b`, { signal: deadline.signal });
    deadline.abort(
      new DOMException("The operation timed out.", "TimeoutError"),
    );
    await expect(waiting).rejects.toThrow("The operation timed out.");
    expect(net.sent).toHaveLength(3);
  });

  it("names a refused app (401) for /readyz but never waits on it, and a new cause warns again", async () => {
    const clock = createManualClock();
    const { lines, log } = logLines();
    let status = 401;
    const github = createGitHubHealth({
      log,
      clock,
      appId: 12,
      fetch: async () => new Response("{}", { status }),
    });
    const url = `${API}/app/installations/3/access_tokens`;
    for (let i = 0; i < 3; i++)
      expect((await github.fetch(url, { method: "POST" })).status).toBe(401);
    expect(github.problem()).toMatch(
      /^github: refusing the app's credentials \(401\) since .*: GitHub answered 401 to app 12's POST/,
    );
    status = 404;
    await github.fetch(url, { method: "POST" });
    expect(
      lines.map(([level, , message]) => `${level} ${message}`),
    ).toStrictEqual([
      "warn askcode's request to GitHub failed: GitHub answered 401 to app 12's POST /app/installations/3/access_tokens: it refused the app's credentials; check APP_ID and the private key. No question can be answered until this is fixed.",
      "warn askcode's request to GitHub failed: GitHub answered 404 to app 12's token request for installation 3: the app is not installed there (uninstalled, or APP_ID names another app). Questions from that installation are dropped until the app is installed again.",
    ]);
    // One installation unknown is not the app's readiness.
    expect(github.problem()).toBeUndefined();
  });

  it("warns once for GitHub failing (5xx), whichever paths meet it", async () => {
    const { lines, log } = logLines();
    const github = createGitHubHealth({
      log,
      clock: createManualClock(),
      fetch: async () => new Response("{}", { status: 502 }),
    });
    for (const path of ["a.ts", "b.ts", "c.ts", "d.ts"])
      await github.fetch(`${API}/repos/o/r/contents/${path}`);
    expect(
      lines.map(([level, , message]) => `${level} ${message}`),
    ).toStrictEqual([
      "warn askcode's request to GitHub failed: GitHub answered 502 to GET /repos/o/r/contents/a.ts. GitHub is failing; askcode retries, and the question's comment says when.",
    ]);
    expect(github.problem()).toMatch(
      /^github: failing \(5xx\) since .*\(4 requests failed\)$/,
    );
  });

  it("refuses a threshold below one", () => {
    expect(() =>
      createGitHubHealth({
        log: logLines().log,
        clock: createManualClock(),
        failuresBeforeNotReady: 0,
      }),
    ).toThrow(
      "createGitHubHealth: failuresBeforeNotReady must be a whole number of at least 1, received 0.",
    );
  });
});
