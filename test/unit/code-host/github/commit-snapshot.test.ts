import { symlinkSync } from "node:fs";
import * as fsPromises from "node:fs/promises";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import nock from "nock";
import type { BlobFs } from "../../../../src/cache/blob-fs.js";
import { blobPath } from "../../../../src/cache/blob-key.js";
import { createBlobStore } from "../../../../src/cache/blob-store.js";
import type { CodeHost } from "../../../../src/code-host/code-host.js";
import { createGitHubCodeHost } from "../../../../src/code-host/github/github-code-host.js";
import {
  createKeptTextStore,
  TEXT_KIND,
  type KeptTextStore,
} from "../../../../src/code-host/github/kept-text-store.js";
import { createSearchPacer } from "../../../../src/code-host/github/search-pacer.js";
import { createSnapshotCache } from "../../../../src/code-host/github/snapshot-cache.js";
import { gitArchive } from "../../../helpers/git-archive.js";
import { gitTreeAnswer } from "../../../helpers/git-tree-answer.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  CODELOAD,
  HELLO_WORLD,
  nockCodeload,
  nockGetBlob,
  restHeaders,
  nockGetTree,
  nockTarball,
} from "../../../helpers/nock-github.js";
import {
  commitAll,
  git,
  initRepo,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

// Twelve source files, an image (listed, never kept) and a symlink; the
// second commit changes two files and adds one: three new blobs of fourteen.
const FILES: Record<string, string> = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [
    `src/module-${i}.ts`,
    `export const value${i} = ${i};\n`.repeat(5 + i),
  ]),
);
const CHANGED: Record<string, string> = {
  "src/module-3.ts": "export const value3 = 'changed';\n",
  "src/module-7.ts": "export const value7 = 'changed';\n",
  "src/added.ts": "export const added = true;\n",
};

interface Commit {
  sha: string;
  tree: object;
  archive: Buffer;
  /** Path → text at this commit, for every kept file. */
  texts: Record<string, string>;
  /** Blob SHAs this commit has that the first has not. */
  newBlobs: { path: string; sha: string; bytes: Buffer }[];
}

let root: string;
let first: Commit;
let second: Commit;

function commit(message: string, texts: Record<string, string>): Commit {
  const sha = commitAll(root, message);
  const prefix = `${HELLO_WORLD.owner}-${HELLO_WORLD.repo}-${sha.slice(0, 7)}`;
  return {
    sha,
    tree: gitTreeAnswer(root, sha),
    archive: gitArchive(root, prefix),
    texts,
    newBlobs: [],
  };
}

beforeAll(() => {
  root = initRepo();
  writeFiles(root, { ...FILES, "assets/logo.png": Buffer.alloc(4096, 0x89) });
  symlinkSync("src/module-0.ts", join(root, "latest.ts"));
  first = commit("first", FILES);
  writeFiles(root, CHANGED);
  second = commit("second", { ...FILES, ...CHANGED });
  second.newBlobs = Object.entries(CHANGED).map(([path, text]) => ({
    path,
    sha: git(root, "rev-parse", `${second.sha}:${path}`),
    bytes: Buffer.from(text),
  }));
});
afterAll(() => removeDir(root));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "askcode-commit-snapshot-"));
});
// Writes behind may still be landing when a test ends: let them, then clean up.
const started: KeptTextStore[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((texts) => texts.flushed()));
  await rm(dir, { recursive: true, force: true });
});

/** One askcode process: its blob store over `dir`, its caches, one host. */
async function startProcess(fs?: BlobFs) {
  const blobs = await createBlobStore({
    dir,
    maxBytes: 16 << 20,
    ...(fs ? { fs } : {}),
  });
  const texts = createKeptTextStore(blobs);
  started.push(texts);
  const ctx = createTestRepoContext();
  const messages: string[] = [];
  const host = createGitHubCodeHost({
    api: ctx.api,
    owner: ctx.owner,
    repo: ctx.repo,
    snapshot: {
      cache: createSnapshotCache(),
      namespace: "installation:1",
      texts,
    },
    search: {
      pacer: createSearchPacer({ clock: ctx.clock }),
      paceKey: "installation:1",
    },
    log: {
      info: (message) => messages.push(`info: ${message}`),
      warn: (message) => messages.push(`warn: ${message}`),
    },
  });
  return { blobs, texts, ctx, host, messages };
}

/** Asks for the whole repository, then reads every kept file: all from memory, or the test fails on an unexpected request. */
async function readWhole(host: CodeHost, at: Commit) {
  const reader = host.at(at.sha);
  const verdict = await reader.wholeRepository?.();
  const texts: Record<string, string> = {};
  for (const path of Object.keys(at.texts)) {
    const file = await reader.readFile(path);
    texts[path] = file.kind === "text" ? `${file.text}\n` : file.kind;
  }
  const listing = await reader.listDirectory("", { recursive: true });
  return { verdict, texts, listing };
}

/** GitHub's answers for a commit read cold: its tree, then its tarball. */
function nockCold(at: Commit) {
  nockTarball(
    { gzip: at.archive, sha: at.sha },
    nockGetTree({ sha: at.sha, body: at.tree }),
  );
}

/** Reads a commit cold (tree, tarball) and waits for its texts to be stored. */
async function readCold(
  process: Awaited<ReturnType<typeof startProcess>>,
  at: Commit,
) {
  nockCold(at);
  const read = await readWhole(process.host, at);
  await process.texts.flushed();
  return read;
}

describe("reading a commit through the blob store", () => {
  it("costs the next commit its tree and the blobs that changed, also after a restart", async () => {
    const one = await startProcess();
    nockCold(first);
    const cold = await readWhole(one.host, first);
    expect(cold.verdict).toStrictEqual({ cheap: true });
    expect(cold.texts).toStrictEqual(first.texts);
    expect(one.ctx.api.stats.requests).toBe(2); // tree, tarball (its redirect followed)
    await one.texts.flushed();
    expect(one.blobs.entries).toBe(13); // twelve files and the symlink; not the image

    // A new process on the same directory: nothing in memory, the store on disk.
    const two = await startProcess();
    const scope = nockGetTree({ sha: second.sha, body: second.tree });
    for (const blob of second.newBlobs) nockGetBlob(blob, scope);
    const next = await readWhole(two.host, second);

    expect(next.verdict).toStrictEqual({ cheap: true });
    expect(next.texts).toStrictEqual(second.texts);
    expect(two.ctx.api.stats.requests).toBe(1 + second.newBlobs.length);
    expect(nock.pendingMocks()).toStrictEqual([]);
    expect(two.messages).toStrictEqual([
      `info: Snapshot of octo-org/hello-world@${second.sha.slice(0, 7)}: 11 blobs from the blob store, 3 fetched.`,
    ]);
    // The same commit read from the store is the same snapshot the tarball gives, SHAs and symlink included.
    const three = await startProcess();
    nockCold(second);
    const viaTarball = await readWhole(
      createGitHubCodeHost({
        api: three.ctx.api,
        owner: three.ctx.owner,
        repo: three.ctx.repo,
      }),
      second,
    );
    expect(next.listing).toStrictEqual(viaTarball.listing);
    const file = await two.host.at(second.sha).readFile("src/added.ts");
    expect(file).toMatchObject({
      kind: "text",
      blobSha: second.newBlobs[2]!.sha,
    });
  });

  it("downloads the tarball instead when a blob 404s (history force-pushed away), never serving part of the commit", async () => {
    const one = await startProcess();
    await readCold(one, first);

    const scope = nockGetTree({ sha: second.sha, body: second.tree });
    const [gone, ...rest] = second.newBlobs;
    nockGetBlob(
      { sha: gone!.sha, status: 404, body: "errors/not-found-blob.json" },
      scope,
    );
    for (const blob of rest) nockGetBlob(blob, scope);
    nockTarball({ gzip: second.archive, sha: second.sha }, scope);
    const next = await readWhole(one.host, second);

    expect(next.verdict).toStrictEqual({ cheap: true });
    expect(next.texts).toStrictEqual(second.texts);
    expect(nock.pendingMocks()).toStrictEqual([]);
    expect(one.messages).toContainEqual(
      `warn: Snapshot of octo-org/hello-world@${second.sha.slice(0, 7)}: a blob fetch failed (GitHub has no blob ${gone!.sha} in octo-org/hello-world (404: its history may have been force-pushed away)); downloading the tarball instead.`,
    );
  });

  it("says why the whole repository is not cheap when the blob and the tarball are both gone", async () => {
    const one = await startProcess();
    await readCold(one, first);

    const scope = nockGetTree({ sha: second.sha, body: second.tree });
    for (const blob of second.newBlobs)
      nockGetBlob(
        { sha: blob.sha, status: 404, body: "errors/not-found-blob.json" },
        scope,
      );
    scope
      .get(
        `/repos/${HELLO_WORLD.owner}/${HELLO_WORLD.repo}/tarball/${second.sha}`,
      )
      .reply(404, {
        message: "Not Found",
        documentation_url:
          "https://docs.github.com/rest/repos/contents#download-a-repository-archive-tar",
        status: "404",
      });

    const verdict = await one.host.at(second.sha).wholeRepository?.();

    expect(verdict).toMatchObject({ cheap: false });
    expect(verdict && !verdict.cheap && verdict.why).toMatch(
      /^the snapshot failed: /,
    );
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("fetches a corrupt store entry again, and stores it again", async () => {
    const one = await startProcess();
    await readCold(one, first);
    const victim = {
      path: "src/module-5.ts",
      sha: git(root, "rev-parse", `${first.sha}:src/module-5.ts`),
      bytes: Buffer.from(FILES["src/module-5.ts"]!),
    };
    const onDisk = blobPath(dir, TEXT_KIND, victim.sha);
    const entry = await readFile(onDisk);
    // One flipped byte of payload: the checksum no longer matches.
    const last = entry.length - 1;
    entry.writeUInt8(entry.readUInt8(last) ^ 0xff, last);
    await writeFile(onDisk, entry);

    const two = await startProcess();
    nockGetBlob(victim, nockGetTree({ sha: first.sha, body: first.tree }));
    const again = await readWhole(two.host, first);

    expect(again.verdict).toStrictEqual({ cheap: true });
    expect(again.texts).toStrictEqual(first.texts);
    expect(two.ctx.api.stats.requests).toBe(2); // tree, the one blob
    await two.texts.flushed();
    expect(await two.texts.read(victim.sha)).toStrictEqual(victim.bytes);
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("answers correctly when the disk is full, storing nothing", async () => {
    const full: BlobFs = {
      ...fsPromises,
      writeFile: (async () => {
        throw Object.assign(
          new Error("ENOSPC: no space left on device, write"),
          {
            code: "ENOSPC",
            errno: -28,
            syscall: "write",
          },
        );
      }) as typeof fsPromises.writeFile,
    };
    const one = await startProcess(full);
    nockCold(first);
    const cold = await readWhole(one.host, first);

    expect(cold.verdict).toStrictEqual({ cheap: true });
    expect(cold.texts).toStrictEqual(first.texts);
    await one.texts.flushed();
    expect(one.blobs.entries).toBe(0);
    expect(one.texts.pending).toBe(0);
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("fills a commit once when two questions race for it", async () => {
    const one = await startProcess();
    nockCold(first);
    const [a, b] = await Promise.all([
      readWhole(one.host, first),
      readWhole(one.host, first),
    ]);
    expect(a.texts).toStrictEqual(first.texts);
    expect(b.texts).toStrictEqual(first.texts);
    expect(one.ctx.api.stats.requests).toBe(2);
    await one.texts.flushed();

    const scope = nockGetTree({ sha: second.sha, body: second.tree });
    for (const blob of second.newBlobs) nockGetBlob(blob, scope);
    const [c, d] = await Promise.all([
      readWhole(one.host, second),
      readWhole(one.host, second),
    ]);
    expect(c.verdict).toStrictEqual({ cheap: true });
    expect(c.texts).toStrictEqual(second.texts);
    expect(d.texts).toStrictEqual(second.texts);
    expect(one.ctx.api.stats.requests).toBe(2 + 1 + second.newBlobs.length);
    expect(nock.pendingMocks()).toStrictEqual([]);
  });
});

describe("a streamed tarball", () => {
  it("fails the snapshot when the body ends in the middle, counting only the bytes that came, and the next question gets the whole commit", async () => {
    const one = await startProcess();
    const { owner, repo } = HELLO_WORLD;
    const half = first.archive.subarray(
      0,
      Math.floor(first.archive.length / 2),
    );
    nockGetTree({ sha: first.sha, body: first.tree })
      .get(`/repos/${owner}/${repo}/tarball/${first.sha}`)
      .reply(302, "", {
        ...restHeaders({ "content-type": "text/html;charset=utf-8" }),
        location: `${CODELOAD}/${owner}/${repo}/legacy.tar.gz/${first.sha}`,
      });
    nockCodeload()
      .get(`/${owner}/${repo}/legacy.tar.gz/${first.sha}`)
      // Half the archive in 1 KB chunks, as a connection delivers it, then the end.
      .reply(
        200,
        () =>
          Readable.from(
            Array.from({ length: Math.ceil(half.length / 1024) }, (_, i) =>
              half.subarray(i * 1024, (i + 1) * 1024),
            ),
          ),
        { "content-type": "application/x-gzip" },
      );

    const verdict = await one.host.at(first.sha).wholeRepository?.();

    expect(verdict).toStrictEqual({
      cheap: false,
      why: `the snapshot failed: Could not unpack the snapshot tarball:octo-org/hello-world@${first.sha.slice(0, 7)}: unexpected end of file.`,
    });
    const treeBytes = Buffer.byteLength(JSON.stringify(first.tree));
    expect(one.ctx.api.stats.bytes).toBe(treeBytes + half.length);
    expect(nock.pendingMocks()).toStrictEqual([]);
    // A failed load is not cached: the next question tries again.
    nockTarball({ gzip: first.archive, sha: first.sha });
    const again = await readWhole(one.host, first);
    expect(again.verdict).toStrictEqual({ cheap: true });
    expect(again.texts).toStrictEqual(first.texts);
  });
});

describe("wholeRepository with snapshots turned off", () => {
  it("says so, without a request", async () => {
    const ctx = createTestRepoContext();
    const host = createGitHubCodeHost({
      api: ctx.api,
      owner: ctx.owner,
      repo: ctx.repo,
      snapshot: { mode: "never" },
    });
    await expect(host.at(first.sha).wholeRepository?.()).resolves.toStrictEqual(
      {
        cheap: false,
        why: 'snapshots are turned off (snapshot mode "never")',
      },
    );
    expect(ctx.api.stats.requests).toBe(0);
  });
});
