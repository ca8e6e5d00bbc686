// What reading a commit costs with the blob store on the read path: GitHub
// requests, bytes downloaded and time until the snapshot is held, for a cold
// commit, the same commit again, the next commit (a few files changed), and
// the next commit again after a restart (new process state, same store
// directory). The repository is generated: this checkout's text files copied
// under several directories up to --mb MB of kept text, committed, then
// --changed files edited and committed again. GitHub is nock on the real
// request layer (tree, tarball with its codeload redirect, blobs), so
// nothing leaves the machine. "held" is when the snapshot answers; the
// store's writes go on behind it, and "+writes" is when they have all landed
// (what awaiting them would have added to the first answer). "cold, no
// store" is the tarball alone, as without ASKCODE_BLOB_CACHE_MAX_BYTES.
//   npm run bench:commit-reads -- [--mb 20] [--changed 5]
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { benchCommand } from "./parse-bench-command.js";
import nock from "nock";
import { createBlobStore } from "../src/cache/blob-store.js";
import { createResponseCache } from "../src/cache/response-cache.js";
import { createGitHubApi } from "../src/code-host/github/github-api.js";
import { createGitHubCodeHost } from "../src/code-host/github/github-code-host.js";
import { createKeptTextStore } from "../src/code-host/github/kept-text-store.js";
import { createSearchPacer } from "../src/code-host/github/search-pacer.js";
import { createSnapshotCache } from "../src/code-host/github/snapshot-cache.js";
import { snapshotKeeps } from "../src/code-host/github/snapshot-fits.js";
import { systemClock } from "../src/shared/clock.js";
import { gitArchive } from "../test/helpers/git-archive.js";
import { gitTreeAnswer } from "../test/helpers/git-tree-answer.js";
import {
  GITHUB_API,
  gitBlobBody,
  HELLO_WORLD,
  nockGetTree,
  nockTarball,
  restHeaders,
} from "../test/helpers/nock-github.js";
import { createTestOctokit } from "../test/helpers/test-octokit.js";
import { commitAll, git } from "../test/helpers/temp-repo.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:commit-reads [-- --mb 20] [--changed 5]

GitHub requests, MB downloaded and time to a held snapshot with the blob
store, on a generated repository of --mb MB; --changed files differ in the next commit.`,
  options: {
    mb: { type: "string", default: "20" },
    changed: { type: "string", default: "5" },
  },
});
const MB = 1024 * 1024;
const targetBytes = Number(values.mb) * MB;
const changed = Number(values.changed);
const here = process.cwd();
const work = mkdtempSync(join(tmpdir(), "askcode-commit-reads-"));
const { owner, repo } = HELLO_WORLD;

try {
  // The repository: this checkout's kept text files, copied up to the target.
  const texts = git(here, "ls-files")
    .split("\n")
    .filter(Boolean)
    .map((path) => ({ path, bytes: readFileSync(join(here, path)) }))
    .filter(({ path, bytes }) => snapshotKeeps(path, bytes.length));
  const textBytes = texts.reduce((sum, file) => sum + file.bytes.length, 0);
  const root = join(work, "repo");
  mkdirSync(root);
  git(root, "init", "--quiet");
  const copies = Math.max(1, Math.ceil(targetBytes / textBytes));
  const paths: string[] = [];
  for (let copy = 0; copy < copies; copy++)
    for (const { path, bytes } of texts) {
      const at = `copy-${copy}/${path}`;
      mkdirSync(dirname(join(root, at)), { recursive: true });
      // A line per copy, so every file is its own blob as in a real repository.
      writeFileSync(
        join(root, at),
        Buffer.concat([bytes, Buffer.from(`\n// copy ${copy}\n`)]),
      );
      paths.push(at);
    }
  const commits: { sha: string; tree: object; gzip: Buffer }[] = [];
  const commit = (message: string) => {
    const sha = commitAll(root, message);
    commits.push({
      sha,
      tree: gitTreeAnswer(root, sha),
      gzip: gitArchive(root, `${owner}-${repo}-${sha.slice(0, 7)}`),
    });
  };
  commit("first");
  for (let i = 0; i < changed; i++) {
    const path = paths[Math.floor((i * paths.length) / changed)] ?? "";
    writeFileSync(
      join(root, path),
      `${readFileSync(join(root, path), "utf8")}\n// edited ${i}\n`,
    );
  }
  commit("second");
  const [first, second] = commits;
  if (!first || !second) throw new Error("two commits were made");

  // GitHub: trees, tarballs (302 then codeload) and blobs, answered from git.
  nock.disableNetConnect();
  for (const { sha, tree, gzip } of commits) {
    nockGetTree({ sha, body: tree, times: 1000 });
    nockTarball({ gzip, sha, times: 1000 });
  }
  nock(GITHUB_API)
    .persist()
    .get(new RegExp(`^/repos/${owner}/${repo}/git/blobs/[0-9a-f]{40}$`))
    .reply(
      200,
      (uri) => {
        const sha = uri.slice(uri.lastIndexOf("/") + 1);
        const bytes = execFileSync("git", ["cat-file", "blob", sha], {
          cwd: root,
          maxBuffer: 256 * MB,
        });
        return gitBlobBody(sha, bytes);
      },
      restHeaders(),
    );

  const storeDir = join(work, "blob-cache");
  const startProcess = async (withStore = true) => {
    const started = performance.now();
    const blobs = await createBlobStore({
      dir: storeDir,
      maxBytes: withStore ? 4096 * MB : 0,
    });
    const scanMs = performance.now() - started;
    const texts = createKeptTextStore(blobs);
    const api = createGitHubApi({
      octokit: createTestOctokit(),
      cache: createResponseCache({ ttlMs: 60_000, clock: systemClock }),
      namespace: "installation:1",
    });
    const host = createGitHubCodeHost({
      api,
      owner,
      repo,
      snapshot: {
        maxBytes: 2048 * MB,
        cache: createSnapshotCache({ maxBytes: 2048 * MB }),
        namespace: "installation:1",
        ...(withStore ? { texts } : {}),
      },
      search: {
        pacer: createSearchPacer({ clock: systemClock }),
        paceKey: "installation:1",
      },
    });
    return { api, host, texts, blobs, scanMs };
  };

  const rows: string[][] = [];
  const measure = async (
    name: string,
    process: Awaited<ReturnType<typeof startProcess>>,
    sha: string,
  ) => {
    const before = { ...process.api.stats };
    const started = performance.now();
    const verdict = await process.host.at(sha).wholeRepository?.();
    const heldMs = performance.now() - started;
    if (!verdict?.cheap)
      throw new Error(`${name}: no snapshot (${verdict?.why ?? "no verdict"})`);
    await process.texts.flushed();
    const writtenMs = performance.now() - started;
    rows.push([
      name,
      String(process.api.stats.requests - before.requests),
      ((process.api.stats.bytes - before.bytes) / MB).toFixed(2),
      heldMs.toFixed(0),
      writtenMs.toFixed(0),
      String(process.blobs.entries),
    ]);
  };

  await measure("cold, no store", await startProcess(false), first.sha);
  const one = await startProcess();
  await measure("cold", one, first.sha);
  await measure("same commit", one, first.sha);
  await measure("next commit", one, second.sha);
  const two = await startProcess();
  await measure("after restart, same", two, second.sha);

  const keptMb = (copies * textBytes) / MB;
  console.log(
    `repository: ${paths.length} kept files, ${keptMb.toFixed(1)} MB of text, tarball ${(first.gzip.length / MB).toFixed(1)} MB gzipped; ${changed} files changed in the next commit; store scan at restart ${two.scanMs.toFixed(0)} ms`,
  );
  const header = [
    "read",
    "requests",
    "MB down",
    "held ms",
    "+writes ms",
    "store entries",
  ];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  for (const row of [header, ...rows])
    console.log(row.map((cell, i) => cell.padStart(widths[i] ?? 0)).join("  "));
} finally {
  nock.cleanAll();
  rmSync(work, { recursive: true, force: true });
}
