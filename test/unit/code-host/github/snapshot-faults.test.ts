import { randomBytes } from "node:crypto";
import nock from "nock";
import { createGitHubCodeHost } from "../../../../src/code-host/github/github-code-host.js";
import { createSearchPacer } from "../../../../src/code-host/github/search-pacer.js";
import { createSnapshotCache } from "../../../../src/code-host/github/snapshot-cache.js";
import { loadTarballSnapshot } from "../../../../src/code-host/github/tarball-snapshot.js";
import { SnapshotTooLargeError } from "../../../../src/code-host/github/unpack-tarball.js";
import { AskcodeError } from "../../../../src/shared/errors.js";
import { gitArchive } from "../../../helpers/git-archive.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  HELLO_WORLD,
  nockGetContent,
  nockGetTree,
  nockTarball,
} from "../../../helpers/nock-github.js";
import {
  commitAll,
  initRepo,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

const { sha: SHA } = HELLO_WORLD;

// A repository whose archive is mostly an image and vendored code: 3 MB that
// does not compress, beside a little text retrieval reads.
const CODE: Record<string, string> = {
  "README.md": "# fixture\n",
  "src/retry.ts": "export const retries = 3;\n".repeat(40),
  "src/lib/backoff.ts": "export const base = 100;\n".repeat(20),
};
let root: string;
let archive: Buffer;
const codeBytes = Object.values(CODE).reduce(
  (sum, text) => sum + Buffer.byteLength(text),
  0,
);

beforeAll(() => {
  root = initRepo();
  writeFiles(root, {
    ...CODE,
    "assets/hero.png": randomBytes(3 * 1024 * 1024),
    "vendor/lib/big.js": "var x = 1;\n".repeat(50_000),
  });
  commitAll(root, "fixture");
  archive = gitArchive(root);
});
afterAll(() => removeDir(root));

function hostWith(maxBytes: number, cache = createSnapshotCache()) {
  const ctx = createTestRepoContext();
  const messages: string[] = [];
  const host = createGitHubCodeHost({
    api: ctx.api,
    owner: ctx.owner,
    repo: ctx.repo,
    snapshot: { maxBytes, cache, namespace: "installation:1" },
    search: {
      pacer: createSearchPacer({ clock: ctx.clock }),
      paceKey: "installation:1",
    },
    log: {
      info: (message) => messages.push(`info: ${message}`),
      warn: (message) => messages.push(`warn: ${message}`),
    },
  });
  return { ctx, host, messages };
}

describe("snapshots of real git archives", () => {
  it("keeps the text under a cap far smaller than the archive, and lists the rest", async () => {
    const ctx = createTestRepoContext();
    nockTarball({ gzip: archive });
    expect(archive.length).toBeGreaterThan(3 * 1024 * 1024);

    const snapshot = await loadTarballSnapshot({
      ctx,
      sha: SHA,
      maxBytes: codeBytes,
    });

    expect(snapshot.bytes).toBe(codeBytes);
    expect([...snapshot.skipped].sort()).toStrictEqual([
      "assets/hero.png",
      "vendor/lib/big.js",
    ]);
    expect(
      (await snapshot.listFiles()).map((entry) => entry.path).sort(),
    ).toStrictEqual([
      "README.md",
      "assets/hero.png",
      "src/lib/backoff.ts",
      "src/retry.ts",
      "vendor/lib/big.js",
    ]);
    expect((await snapshot.readBytes("src/retry.ts"))?.toString()).toBe(
      CODE["src/retry.ts"],
    );
    await expect(
      snapshot.readBytes("assets/hero.png"),
    ).resolves.toBeUndefined();
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("fails with a clear error, never a partial snapshot, when the stream is cut in the middle", async () => {
    const ctx = createTestRepoContext();
    nockTarball({ gzip: archive.subarray(0, Math.floor(archive.length / 2)) });

    const error = await loadTarballSnapshot({ ctx, sha: SHA }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(AskcodeError);
    expect((error as Error).message).toMatch(
      /^Could not unpack the snapshot tarball:octo-org\/hello-world@7fd1a60: unexpected end of file\.$/,
    );
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("fails with a clear error on a corrupt gzip", async () => {
    const ctx = createTestRepoContext();
    const corrupt = Buffer.from(archive);
    // Past the gzip header, inside the deflate stream.
    for (let i = 100; i < 200; i++) corrupt[i] = 0xff - (corrupt[i] ?? 0);
    nockTarball({ gzip: corrupt });

    const error = await loadTarballSnapshot({ ctx, sha: SHA }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(AskcodeError);
    expect((error as Error).message).toMatch(
      /^Could not unpack the snapshot tarball:octo-org\/hello-world@7fd1a60: /,
    );
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("reads through the API, and says why, when the archive holds more text than the tree announced", async () => {
    // GitHub's tree of the test repository announces 1.1 KB of text; this archive holds more.
    const { ctx, host, messages } = hostWith(codeBytes - 1);
    const scope = nockGetTree();
    nockTarball({ gzip: archive }, scope);
    nockGetContent(
      { path: "README.md", body: "contents/file-readme.json" },
      scope,
    );

    const readme = await host.at(SHA).readFile("README.md");

    // The API's README (the fixture's), not the archive's: nothing of the snapshot was served.
    expect(readme).toMatchObject({
      kind: "text",
      text: "# hello-world\n\nA small repository that askcode's tests read.",
    });
    expect(messages).toStrictEqual([
      `warn: Snapshot of octo-org/hello-world@7fd1a60 failed: ${new SnapshotTooLargeError("tarball:octo-org/hello-world@7fd1a60", codeBytes - 1).message} Reading through the API instead.`,
    ]);
    expect(ctx.api.stats.requests).toBe(3);
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("does not cache a failed snapshot: the next question downloads again and succeeds", async () => {
    const cache = createSnapshotCache();
    const first = hostWith(codeBytes, cache);
    const scope = nockGetTree();
    nockTarball(
      { gzip: archive.subarray(0, Math.floor(archive.length / 3)) },
      scope,
    );
    nockGetContent(
      { path: "README.md", body: "contents/file-readme.json" },
      scope,
    );
    await first.host.at(SHA).readFile("README.md");
    expect(first.messages[0]).toMatch(/^warn: .*unexpected end of file/);
    expect(cache.size).toBe(0);

    const second = hostWith(codeBytes, cache);
    const again = nockGetTree();
    nockTarball({ gzip: archive }, again);
    const readme = await second.host.at(SHA).readFile("README.md");

    expect(readme).toMatchObject({ kind: "text", text: "# fixture" });
    expect(second.messages).toStrictEqual([]);
    expect(cache.size).toBe(1);
    expect(nock.pendingMocks()).toStrictEqual([]);
  });
});
