// What the on-disk blob store costs (src/cache/blob-store.ts): putting and
// getting 10,000 entries of typical source-file sizes (log-normal around
// 4 KiB, 200 B to 256 KiB, as files in a repository run), in MB/s and
// files/s, and how long a new store takes to scan that directory at start.
// A temp directory on the machine's disk; figures are printed, never asserted.
//   npm run bench:blob-store [-- --files 10000]
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createBlobStore, type BlobStore } from "../src/cache/blob-store.js";
import { benchCommand } from "./parse-bench-command.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:blob-store [-- --files N]

Puts and gets N source-sized files (default 10000) in the on-disk blob store.`,
  options: { files: { type: "string", default: "10000" } },
});
const FILES = Number(values.files);
// As many at once as a question's reads would keep in flight.
const CONCURRENCY = 32;

/** A deterministic pseudo-random source, so every run writes the same files. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function sourceFiles(count: number): Array<{ sha: string; bytes: Buffer }> {
  const random = seeded(42);
  const line = "export function handle(request, response) { return next(); }\n";
  return Array.from({ length: count }, (_, i) => {
    // Box-Muller: a normal draw, exponentiated: most files a few KiB, a tail of large ones.
    const normal =
      Math.sqrt(-2 * Math.log(random() || 1e-9)) *
      Math.cos(2 * Math.PI * random());
    const size = Math.min(
      256 * 1024,
      Math.max(200, Math.round(4096 * Math.exp(normal))),
    );
    const bytes = Buffer.alloc(size, `// file ${i}\n${line}`);
    const sha = createHash("sha1")
      .update(`blob ${size}\0`)
      .update(bytes)
      .digest("hex");
    return { sha, bytes };
  });
}

async function inBatches<T>(items: T[], work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function rate(label: string, files: number, bytes: number, ms: number) {
  console.log(
    `${label.padEnd(22)} ${(bytes / 1e6 / (ms / 1000)).toFixed(1).padStart(7)} MB/s  ${Math.round(
      files / (ms / 1000),
    )
      .toString()
      .padStart(7)} files/s  (${ms.toFixed(0)} ms)`,
  );
}

const dir = await mkdtemp(join(tmpdir(), "askcode-bench-blob-store-"));
try {
  const files = sourceFiles(FILES);
  const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
  console.log(
    `${FILES} files, ${(total / 1e6).toFixed(1)} MB (median ${files.map((f) => f.bytes.length).sort((a, b) => a - b)[FILES >> 1]} B), ${CONCURRENCY} at once, in ${dir}`,
  );
  const log = {
    warn: (meta: object, message: string) => console.warn(message, meta),
  };
  const open = () => createBlobStore({ dir, maxBytes: 16 * 1024 ** 3, log });
  let store: BlobStore = await open();

  let started = performance.now();
  await inBatches(files, (file) => store.put("text", file.sha, file.bytes));
  rate("put (new entries)", FILES, total, performance.now() - started);

  started = performance.now();
  await inBatches(files, (file) => store.put("text", file.sha, file.bytes));
  rate("put (already held)", FILES, total, performance.now() - started);

  started = performance.now();
  let read = 0;
  await inBatches(files, async (file) => {
    // Awaited first: `read += await …` would add to the value read before the wait.
    const bytes = await store.get("text", file.sha);
    read += bytes?.length ?? 0;
  });
  rate("get (page cache warm)", FILES, read, performance.now() - started);
  if (read !== total) throw new Error(`read ${read} bytes of ${total}`);

  started = performance.now();
  store = await open();
  const scanMs = performance.now() - started;
  console.log(
    `startup scan           ${scanMs.toFixed(0)} ms for ${store.entries} entries (${(store.bytes / 1e6).toFixed(1)} MB)`,
  );

  started = performance.now();
  read = 0;
  await inBatches(files, async (file) => {
    // Awaited first: `read += await …` would add to the value read before the wait.
    const bytes = await store.get("text", file.sha);
    read += bytes?.length ?? 0;
  });
  rate("get (after restart)", FILES, read, performance.now() - started);
  if (read !== total) throw new Error(`read ${read} bytes of ${total}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
