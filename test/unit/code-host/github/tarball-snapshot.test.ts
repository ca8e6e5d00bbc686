import nock from "nock";
import { loadTarballSnapshot } from "../../../../src/code-host/github/tarball-snapshot.js";
import { SnapshotTooLargeError } from "../../../../src/code-host/github/unpack-tarball.js";
import { GitHubError } from "../../../../src/shared/errors.js";
import { helloWorldTarball } from "../../../helpers/build-tarball.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  GITHUB_API,
  HELLO_WORLD,
  nockRecordedArchive,
  nockTarball,
  restHeaders,
} from "../../../helpers/nock-github.js";

const { sha: SHA } = HELLO_WORLD;

describe("loadTarballSnapshot", () => {
  it("follows GitHub's recorded 302 to codeload and unpacks the recorded archive", async () => {
    const ctx = {
      ...createTestRepoContext(),
      owner: "octokit-fixture-org",
      repo: "get-archive",
    };
    nockRecordedArchive(SHA);

    const snapshot = await loadTarballSnapshot({ ctx, sha: SHA });

    expect(snapshot.label).toBe(
      "tarball:octokit-fixture-org/get-archive@7fd1a60",
    );
    await expect(snapshot.listFiles()).resolves.toStrictEqual([
      { path: "README.md", type: "file", size: 13 },
    ]);
    expect((await snapshot.readBytes("README.md"))?.toString()).toBe(
      "# get-archive",
    );
    await expect(snapshot.readBytes("nope.md")).resolves.toBeUndefined();
    // One request as far as the rate limit goes: the redirect is followed inside fetch.
    expect(ctx.api.stats).toMatchObject({ requests: 1, hits: 0 });
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("serves a repository's files, symlinks and sizes from one download, without caching the body", async () => {
    const ctx = createTestRepoContext();
    nockTarball({ gzip: await helloWorldTarball(), times: 2 });

    const snapshot = await loadTarballSnapshot({ ctx, sha: SHA });
    await loadTarballSnapshot({ ctx, sha: SHA });

    // The logo is listed but not held: retrieval never reads a PNG.
    expect(snapshot).toMatchObject({ sha: SHA, bytes: 61 + 201 + 856 });
    expect([...snapshot.skipped]).toStrictEqual(["docs/logo.png"]);
    expect(
      (await snapshot.listFiles()).map(
        (entry) => `${entry.type} ${entry.path}`,
      ),
    ).toStrictEqual([
      "file README.md",
      "file docs/logo.png",
      "file src/lib/backoff.ts",
      "file src/retry.ts",
      "symlink docs/latest.md",
    ]);
    expect(ctx.api.stats).toMatchObject({ requests: 2, hits: 0 });
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("fails with SnapshotTooLargeError past its cap", async () => {
    const ctx = createTestRepoContext();
    nockTarball({ gzip: await helloWorldTarball() });

    await expect(
      loadTarballSnapshot({ ctx, sha: SHA, maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(SnapshotTooLargeError);
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("maps a refused download to a GitHubError", async () => {
    const ctx = createTestRepoContext();
    const scope = nock(GITHUB_API)
      .get(`/repos/octo-org/hello-world/tarball/${SHA}`)
      .reply(
        404,
        {
          message: "Not Found",
          documentation_url:
            "https://docs.github.com/rest/repos/contents#download-a-repository-archive-tar",
          status: "404",
        },
        restHeaders(),
      );

    const error = await loadTarballSnapshot({ ctx, sha: SHA }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(GitHubError);
    expect(error).toMatchObject({ status: 404 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
