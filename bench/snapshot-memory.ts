// Memory and speed of unpacking a snapshot, per MB of text kept: the figures
// that size ASKCODE_SNAPSHOT_MAX_BYTES. Each archive is what git archive
// writes (GitHub's codeload serves the same format): this repository at HEAD,
// then synthetic repositories made by copying its text files under several
// directories (plus a 4 MB image per copy, drained, never kept) to reach 20,
// 50 and 100 MB of kept text. For each: the heap + Buffer memory and RSS
// still held after a full GC with the snapshot alive, divided by MB kept, and
// the unpack rate. Needs --expose-gc.
//   npm run bench:snapshot-memory
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { snapshotKeeps } from "../src/code-host/github/snapshot-fits.js";
import { unpackTarball } from "../src/code-host/github/unpack-tarball.js";
import { skipReasonForText } from "../src/policy/file-filters.js";
import { benchCommand } from "./parse-bench-command.js";

benchCommand({
  usage:
    "usage: npm run bench:snapshot-memory\n\nMemory held and unpack speed per MB of kept text, on copies of this repository up to 100 MB (needs node --expose-gc, as the npm script runs it).",
  options: {},
});

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc)
  throw new Error("Run with node --expose-gc (npm run bench:snapshot-memory).");
const MB = 1024 * 1024;
const here = process.cwd();
const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    maxBuffer: 1024 * MB,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "bench",
      GIT_AUTHOR_EMAIL: "bench@askcode.invalid",
      GIT_COMMITTER_NAME: "bench",
      GIT_COMMITTER_EMAIL: "bench@askcode.invalid",
    },
  });
const archiveOf = (root: string, out: string): Buffer => {
  git(
    root,
    "archive",
    "--format=tar.gz",
    "--prefix=bench-repo-0000000/",
    "-o",
    out,
    "HEAD",
  );
  return readFileSync(out);
};

const work = mkdtempSync(join(tmpdir(), "askcode-snapshot-bench-"));
try {
  // The text files of this repository a snapshot keeps.
  const texts = git(here, "ls-files", "-z")
    .toString()
    .split("\0")
    .filter((path) => path !== "")
    .map((path) => ({ path, bytes: readFileSync(join(here, path)) }))
    .filter(({ path, bytes }) => snapshotKeeps(path, bytes.length));
  const textBytes = texts.reduce((sum, file) => sum + file.bytes.length, 0);

  const archives: Array<{ name: string; gzip: Buffer }> = [
    {
      name: "this repository",
      gzip: archiveOf(here, join(work, "self.tar.gz")),
    },
  ];
  for (const targetMb of [20, 50, 100]) {
    const root = join(work, `repo-${targetMb}`);
    mkdirSync(root);
    git(root, "init", "--quiet");
    const copies = Math.ceil((targetMb * MB) / textBytes);
    for (let copy = 0; copy < copies; copy++) {
      for (const { path, bytes } of texts) {
        const to = join(root, `copy-${copy}`, path);
        mkdirSync(dirname(to), { recursive: true });
        writeFileSync(to, bytes);
      }
      writeFileSync(
        join(root, `copy-${copy}`, "hero.png"),
        randomBytes(4 * MB),
      );
    }
    git(root, "add", "--all");
    git(root, "commit", "--quiet", "-m", "bench");
    archives.push({
      name: `${copies} copies`,
      gzip: archiveOf(root, join(work, `repo-${targetMb}.tar.gz`)),
    });
    rmSync(root, { recursive: true, force: true });
  }

  const held = () => {
    gc();
    const usage = process.memoryUsage();
    return { heap: usage.heapUsed + usage.external, rss: usage.rss };
  };
  console.log(
    "archive                 gzip MB  unpacked MB  kept MB  files kept  heap+buffers MB/MB kept  RSS MB/MB kept  unpack MB/s",
  );
  for (const { name, gzip } of archives) {
    const before = held();
    const started = process.hrtime.bigint();
    const unpacked = await unpackTarball(gzip, {
      label: name,
      maxKeptBytes: 2048 * MB,
      keep: snapshotKeeps,
      skipText: skipReasonForText,
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const after = held();
    const kept = unpacked.keptBytes / MB;
    console.log(
      [
        name.padEnd(22),
        (gzip.length / MB).toFixed(1).padStart(8),
        (unpacked.unpackedBytes / MB).toFixed(1).padStart(12),
        kept.toFixed(1).padStart(8),
        String(unpacked.files.size).padStart(11),
        ((after.heap - before.heap) / MB / kept).toFixed(2).padStart(24),
        ((after.rss - before.rss) / MB / kept).toFixed(2).padStart(15),
        (unpacked.unpackedBytes / MB / seconds).toFixed(0).padStart(12),
      ].join(" "),
    );
    // Keep the snapshot alive through the measurement above, then let it go.
    if (unpacked.files.size < 0) console.log(unpacked);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
