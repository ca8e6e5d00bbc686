// What sharing one GitHub answer through Redis costs, by body size: the time
// to serialise and write it (HSET, as a replica does after a 200) and to read
// and parse it back (HMGET, as another replica does on a local miss), on a
// real redis-server on loopback, against GitHub's answer time for the same
// read. Bodies are shaped as GitHub sends them: recursive trees (tree
// entries as in test/fixtures/github/trees) and contents answers (base64).
// Figures are printed, never asserted; they set the default of
// ASKCODE_REDIS_CACHE_MAX_BODY_BYTES (src/storage/response-store/redis-response-store.ts).
//   npm run bench:redis-cache
import { performance } from "node:perf_hooks";
import { createRedisResponseStore } from "../src/storage/response-store/redis-response-store.js";
import type { CachedResponse } from "../src/cache/response-cache.js";
import { githubFixture } from "../test/helpers/nock-github.js";
import { startTestRedis } from "../test/helpers/test-redis.js";
import { benchCommand } from "./parse-bench-command.js";

benchCommand({
  usage:
    "usage: npm run bench:redis-cache\n\nWrites and reads back GitHub answers of 4 KiB to 4 MiB through a redis-server it starts on loopback (needs redis-server on PATH).",
  options: {},
});

const ROUNDS = 20;
const SIZES_KIB = [4, 64, 256, 1024, 4096];

interface TreeEntry {
  path: string;
  [field: string]: unknown;
}

const fixtureTree = githubFixture<{ tree: TreeEntry[] }>(
  "trees/hello-world.json",
);
const fixtureFile = githubFixture<Record<string, unknown>>(
  "contents/file-retry.json",
);

/** A recursive tree of about `bytes` of JSON: the fixture's entries, renamed per copy. */
function treeOf(bytes: number): unknown {
  const tree: TreeEntry[] = [];
  let size = 200;
  for (let copy = 0; size < bytes; copy++)
    for (const entry of fixtureTree.tree) {
      const renamed = { ...entry, path: `pkg${copy}/${entry.path}` };
      tree.push(renamed);
      size += JSON.stringify(renamed).length + 1;
    }
  return {
    sha: "9c1c0bcd3bd0b0a4c5e1e1f3f9ac0c1e29a3f3c4",
    tree,
    truncated: false,
  };
}

/** A contents answer whose base64 `content` makes it about `bytes` long. */
function contentsOf(bytes: number): unknown {
  const raw = Buffer.alloc(
    Math.floor((bytes * 3) / 4),
    "export const x = 1;\n",
  );
  return { ...fixtureFile, size: raw.length, content: raw.toString("base64") };
}

function response(data: unknown): CachedResponse {
  return {
    status: 200,
    data,
    etag: '"9c1c0bcd3bd0b0a4c5e1e1f3f9ac0c1e"',
    headers: { etag: '"9c1c0bcd3bd0b0a4c5e1e1f3f9ac0c1e"' },
    bytes: Buffer.byteLength(JSON.stringify(data)),
    immutable: true,
    fetchedAt: Date.now(),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const redis = await startTestRedis();
const client = redis.client();
const store = createRedisResponseStore({
  redis: client,
  maxBodyBytes: Number.MAX_SAFE_INTEGER,
});
const rows: string[] = ["body      KiB   write ms   read ms   share+read ms"];
try {
  for (const [shape, make] of [
    ["tree", treeOf],
    ["contents", contentsOf],
  ] as const) {
    for (const kib of SIZES_KIB) {
      const answer = response(make(kib * 1024));
      const key = `installation:1:bench ${shape} ${kib}`;
      const writes: number[] = [];
      const reads: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const start = performance.now();
        await store.write(key, answer);
        const written = performance.now();
        const read = await store.read(key);
        reads.push(performance.now() - written);
        writes.push(written - start);
        if (!read) throw new Error(`nothing read back for ${key}`);
      }
      const [write, read] = [median(writes), median(reads)];
      rows.push(
        `${shape.padEnd(9)} ${String(Math.round(answer.bytes / 1024)).padStart(5)} ${write.toFixed(2).padStart(10)} ${read.toFixed(2).padStart(9)} ${(write + read).toFixed(2).padStart(15)}`,
      );
    }
  }
} finally {
  await redis.stop();
}
console.log(rows.join("\n"));
console.log(
  "\nFor comparison: a GitHub REST read takes 100 to 500 ms from most networks, more for a large body; a 304 is as slow but free of rate limit.",
);
