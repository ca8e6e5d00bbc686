import nock from "nock";
import { readFileSync } from "node:fs";
import {
  startGitHubStandIn,
  type GitHubStandIn,
} from "../../../scripts/github-stand-in.js";
import { busiestMinute } from "../../../scripts/code-search-limit.js";
import { createManualClock } from "../../helpers/manual-clock.js";
import {
  commitAll,
  initRepo,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

// The stand-in's code-search limit, as GitHub enforces it: 10 searches per
// rolling minute per installation token, the 11th refused with a 403 that
// carries the code_search resource's headers. Time is a manual clock.

const START = 1_700_000_000_000;
let repoDir: string;
let standIn: GitHubStandIn | undefined;

beforeAll(() => {
  nock.enableNetConnect("127.0.0.1");
  repoDir = initRepo();
  writeFiles(repoDir, { "src/retry.ts": "export const retries = 3;\n" });
  commitAll(repoDir, "Retries");
});
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});
afterAll(() => {
  removeDir(repoDir);
  nock.disableNetConnect();
});

async function tokenFor(github: GitHubStandIn, installation: number) {
  const response = await fetch(
    `${github.origin}/api/v3/app/installations/${installation}/access_tokens`,
    { method: "POST" },
  );
  return ((await response.json()) as { token: string }).token;
}

async function search(github: GitHubStandIn, token: string) {
  const response = await fetch(
    `${github.origin}/api/v3/search/code?q=retries+repo:octo-org/hello-world`,
    { headers: { authorization: `token ${token}` } },
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    limit: Object.fromEntries(
      [...response.headers].filter(([name]) => name.startsWith("x-ratelimit-")),
    ),
  };
}

describe("the GitHub stand-in's code-search limit", () => {
  it("serves 10 searches in a minute and refuses the 11th with GitHub's 403, until the first leaves the window", async () => {
    const clock = createManualClock(START);
    const github = (standIn = await startGitHubStandIn({
      gitDir: repoDir,
      owner: "octo-org",
      repo: "hello-world",
      issue: { number: 1, title: "Retries", body: "" },
      clock,
    }));
    const token = await tokenFor(github, 42);

    const served = [];
    for (let n = 0; n < 10; n++) {
      served.push(await search(github, token));
      clock.advance(5_000);
    }
    expect(served.map((s) => s.status)).toStrictEqual(Array(10).fill(200));
    expect(served[0]!.limit).toStrictEqual({
      "x-ratelimit-limit": "10",
      "x-ratelimit-remaining": "9",
      "x-ratelimit-reset": String((START + 60_000) / 1000),
      "x-ratelimit-used": "1",
      "x-ratelimit-resource": "code_search",
    });
    expect(served[9]!.limit["x-ratelimit-remaining"]).toBe("0");

    // 50 s after the first search: the 11th in the minute.
    const refused = await search(github, token);
    expect(refused.status).toBe(403);
    expect(refused.limit).toStrictEqual({
      "x-ratelimit-limit": "10",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String((START + 60_000) / 1000),
      "x-ratelimit-used": "10",
      "x-ratelimit-resource": "code_search",
    });
    const recorded = JSON.parse(
      readFileSync("test/fixtures/github/search/rate-limited-403.json", "utf8"),
    ) as Record<string, unknown>;
    expect(Object.keys(refused.body).sort()).toStrictEqual(
      Object.keys(recorded).sort(),
    );
    expect(refused.body.message).toMatch(
      /^API rate limit exceeded for installation ID 42\. /,
    );
    expect(refused.body.documentation_url).toBe(recorded.documentation_url);
    expect(refused.body.status).toBe("403");

    // Another installation's token has a budget of its own.
    expect((await search(github, await tokenFor(github, 7))).status).toBe(200);

    // Once the first search is a minute old, one slot is free again.
    clock.advance(10_000);
    const again = await search(github, token);
    expect(again.status).toBe(200);
    expect(again.limit["x-ratelimit-remaining"]).toBe("0");
    expect((await search(github, token)).status).toBe(403);

    expect(github.codeSearches.map((s) => s.status)).toStrictEqual([
      ...Array(10).fill(200),
      403,
      200,
      200,
      403,
    ]);
    expect(github.codeSearches[0]).toStrictEqual({
      at: START,
      status: 200,
      token,
    });
    expect(busiestMinute(github.codeSearches)).toBe(10);
  });

  it("gives the same installation the same token, whoever asks", async () => {
    const github = (standIn = await startGitHubStandIn({
      gitDir: repoDir,
      owner: "octo-org",
      repo: "hello-world",
      issue: { number: 1, title: "Retries", body: "" },
    }));
    const first = await tokenFor(github, 42);
    expect(first).toMatch(/^ghs_[A-Za-z0-9]{36}$/);
    expect(await tokenFor(github, 42)).toBe(first);
    expect(await tokenFor(github, 43)).not.toBe(first);
  });
});

describe("busiestMinute", () => {
  it("counts the served searches of one token within any 60 s, not the refused ones", () => {
    const at = (s: number) => START + s * 1000;
    expect(
      busiestMinute([
        ...[0, 10, 20, 59.999].map((s) => ({
          at: at(s),
          status: 200 as const,
          token: "a",
        })),
        { at: at(30), status: 403, token: "a" },
        { at: at(31), status: 200, token: "b" },
        { at: at(60), status: 200, token: "a" },
        { at: at(80), status: 200, token: "a" },
      ]),
    ).toBe(4);
  });
});
