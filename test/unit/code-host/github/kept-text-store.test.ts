import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createBlobStore,
  type BlobStore,
} from "../../../../src/cache/blob-store.js";
import { gitBlobSha } from "../../../../src/code-host/github/git-blob-sha.js";
import { createKeptTextStore } from "../../../../src/code-host/github/kept-text-store.js";

const RETRY = Buffer.from("def retry(upload):\n    return upload()\n");
const EXPORTED = Buffer.from("version = '$Format:%H$'\n");

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "askcode-kept-text-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The blob store, counting the reads that reach the disk. */
async function countingStore(): Promise<{ store: BlobStore; gets: string[] }> {
  const store = await createBlobStore({ dir, maxBytes: 1 << 20 });
  const gets: string[] = [];
  return {
    gets,
    store: {
      get: (kind, sha) => {
        gets.push(sha);
        return store.get(kind, sha);
      },
      put: (kind, sha, bytes) => store.put(kind, sha, bytes),
      openRanges: (kind, sha) => store.openRanges(kind, sha),
      get bytes() {
        return store.bytes;
      },
      get entries() {
        return store.entries;
      },
    },
  };
}

describe("the kept text store", () => {
  it("serves the texts it kept from memory, without reading the disk", async () => {
    const { store, gets } = await countingStore();
    const texts = createKeptTextStore(store, { memoryBytes: 1 << 20 });
    const sha = gitBlobSha(RETRY);
    texts.keep(sha, RETRY);
    await texts.flushed();

    expect(await texts.read(sha)).toBe(RETRY);
    expect(gets).toStrictEqual([]);
    expect(await store.get("text", sha)).toStrictEqual(RETRY); // and on disk for a restart
  });

  it("reads the disk once after a restart, then memory", async () => {
    const sha = gitBlobSha(RETRY);
    const before = createKeptTextStore(
      await createBlobStore({ dir, maxBytes: 1 << 20 }),
    );
    before.keep(sha, RETRY);
    await before.flushed();

    const { store, gets } = await countingStore();
    const texts = createKeptTextStore(store, { memoryBytes: 1 << 20 });
    expect(await texts.read(sha)).toStrictEqual(RETRY);
    expect(await texts.read(sha)).toStrictEqual(RETRY);
    expect(gets).toStrictEqual([sha]);
  });

  it("keeps neither in memory nor on disk bytes that do not hash to the SHA", async () => {
    const { store } = await countingStore();
    const texts = createKeptTextStore(store, { memoryBytes: 1 << 20 });
    const claimed = gitBlobSha(Buffer.from("version = '$Format:%H$'\n\n"));
    texts.keep(claimed, EXPORTED);
    await texts.flushed();

    expect(await texts.read(claimed)).toBeUndefined();
    expect(store.entries).toBe(0);
  });
});
