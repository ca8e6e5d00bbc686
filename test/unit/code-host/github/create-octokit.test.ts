import nock from "nock";
import { createOctokit } from "../../../../src/code-host/github/create-octokit.js";
import { helloWorldTarball } from "../../../helpers/build-tarball.js";
import {
  startLoopbackServer,
  type LoopbackServer,
} from "../../../helpers/loopback-server.js";
import {
  HELLO_WORLD,
  githubFixture,
  restHeaders,
} from "../../../helpers/nock-github.js";

const TOKEN = "ghs_16C7e42F292c6912E7710c838347Ae178B4a";
const { owner, repo, sha } = HELLO_WORLD;
const ETAG = '"d0b6c1f4a3e2b5c7d9e8f1a2b3c4d5e6"';

function recordingLogger() {
  const lines: Array<[level: string, message: string]> = [];
  const at = (level: string) => (message: string) =>
    void lines.push([level, message]);
  return {
    lines,
    levels: (level: string) =>
      lines.filter(([l]) => l === level).map(([, m]) => m),
    logger: {
      debug: at("debug"),
      info: at("info"),
      warn: at("warn"),
      error: at("error"),
    },
  };
}

function octokitWith(
  log: ReturnType<typeof recordingLogger>,
  baseUrl?: string,
) {
  return createOctokit({
    id: "test",
    auth: TOKEN,
    baseUrl,
    retryAfterBaseValue: 1,
    serverErrorRetries: 0,
    logger: log.logger,
  });
}

describe("createOctokit", () => {
  describe("its request log (@octokit/rest's)", () => {
    it("writes a 304, which serves the response cache, at debug and never as an error", async () => {
      const log = recordingLogger();
      const scope = nock("https://api.github.com")
        .get(`/repos/${owner}/${repo}`)
        .matchHeader("if-none-match", ETAG)
        .reply(304, "", restHeaders({ etag: ETAG }));

      const error = await octokitWith(log)
        .rest.repos.get({ owner, repo, headers: { "if-none-match": ETAG } })
        .catch((e: unknown) => e);

      expect((error as { status?: number }).status).toBe(304);
      expect(log.levels("error")).toStrictEqual([]);
      expect(log.levels("warn")).toStrictEqual([]);
      expect(log.levels("debug")).toStrictEqual([
        expect.stringMatching(
          /^GET \/repos\/octo-org\/hello-world - 304 with id 0400:1F2E3D:4C5B6A:7988A7:65A1B2C3 in \d+ms$/,
        ),
      ]);
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("writes successes and 4xx answers at debug, and a 5xx as a warning", async () => {
      const log = recordingLogger();
      nock("https://api.github.com")
        .get(`/repos/${owner}/${repo}`)
        .reply(200, githubFixture("repos/hello-world.json"), restHeaders())
        .get(`/repos/${owner}/${repo}/contents/gone.ts`)
        .reply(404, githubFixture("errors/not-found-contents.json"))
        .get(`/repos/${owner}/${repo}/contents/boom.ts`)
        .reply(502, githubFixture("errors/server-error-502.json"));
      const octokit = octokitWith(log);

      await octokit.rest.repos.get({ owner, repo });
      for (const path of ["gone.ts", "boom.ts"])
        await octokit.rest.repos
          .getContent({ owner, repo, path })
          .catch(() => {});

      expect(log.levels("info")).toStrictEqual([]);
      expect(log.levels("error")).toStrictEqual([]);
      expect(log.levels("debug")).toStrictEqual([
        expect.stringMatching(/^GET \/repos\/octo-org\/hello-world - 200 /),
        expect.stringMatching(
          /^GET \/repos\/octo-org\/hello-world\/contents\/gone\.ts - 404 /,
        ),
      ]);
      expect(log.levels("warn")).toStrictEqual([
        expect.stringMatching(
          /^GET \/repos\/octo-org\/hello-world\/contents\/boom\.ts - 502 /,
        ),
      ]);
      // The plugin's "request" line carries the request options, token included: dropped.
      expect(log.lines.flat().join("\n")).not.toContain(TOKEN);
    });
  });

  it("keeps the slashes of a path and encodes each segment once", async () => {
    const scope = nock("https://api.github.com")
      .get(
        `/repos/${owner}/${repo}/contents/docs/r%C3%A9sum%C3%A9%20%231%3F%25.md`,
      )
      .query({ ref: "feature/x" })
      .reply(200, githubFixture("contents/file-readme.json"), restHeaders());

    await createOctokit({ id: "test" }).rest.repos.getContent({
      owner,
      repo,
      path: "docs/résumé #1?%.md",
      ref: "feature/x",
    });

    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("sends every request, with its token, to the configured base URL (GitHub Enterprise Server)", async () => {
    const scope = nock("https://ghe.example.com")
      .get(`/api/v3/repos/${owner}/${repo}`)
      .matchHeader("authorization", `token ${TOKEN}`)
      .reply(200, githubFixture("repos/hello-world.json"), restHeaders());

    const { data } = await octokitWith(
      recordingLogger(),
      "https://ghe.example.com/api/v3/",
    ).rest.repos.get({ owner, repo });

    expect(data.default_branch).toBe("main");
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it.each([
    ["an absolute URL on another host", { url: "https://evil.example/steal" }],
    ["a baseUrl parameter", { baseUrl: "https://evil.example/api/v3" }],
    ["another path on the same host", { url: "https://ghe.example.com/login" }],
  ])("refuses %s before anything is sent", async (_, override) => {
    const octokit = octokitWith(
      recordingLogger(),
      "https://ghe.example.com/api/v3",
    );

    await expect(
      octokit.rest.repos.get({ owner, repo, ...override }),
    ).rejects.toThrow(
      /askcode's GitHub client refused GET https:\/\/(evil\.example|ghe\.example\.com\/login).*only to https:\/\/ghe\.example\.com\/api\/v3/,
    );
  });

  describe("on a redirect to another host (the tarball's to codeload), over real HTTP", () => {
    let api: LoopbackServer;
    let codeload: LoopbackServer;
    afterEach(async () => {
      await api?.close();
      await codeload?.close();
    });

    it("sends the token to the API and no Authorization to the host it is redirected to", async () => {
      const gzip = await helloWorldTarball();
      // Another host name for the same machine: fetch sees another origin, as for codeload.<host>.
      codeload = await startLoopbackServer("localhost", (_, reply) =>
        reply(200, { "content-type": "application/x-gzip" }, gzip),
      );
      api = await startLoopbackServer("127.0.0.1", (request, reply) =>
        reply(302, {
          location: `${codeload.origin}/${owner}/${repo}/legacy.tar.gz/${sha}?token=AAAA`,
        }),
      );

      const { data } = await octokitWith(
        recordingLogger(),
        `${api.origin}/api/v3`,
      ).rest.repos.downloadTarballArchive({ owner, repo, ref: sha });

      expect(api.received).toMatchObject([
        {
          method: "GET",
          url: `/api/v3/repos/${owner}/${repo}/tarball/${sha}`,
          headers: { authorization: `token ${TOKEN}` },
        },
      ]);
      expect(codeload.received).toHaveLength(1);
      expect(codeload.received[0]!.url).toBe(
        `/${owner}/${repo}/legacy.tar.gz/${sha}?token=AAAA`,
      );
      expect(codeload.received[0]!.headers).not.toHaveProperty("authorization");
      expect(Buffer.from(data as ArrayBuffer)).toStrictEqual(gzip);
    });
  });
});
