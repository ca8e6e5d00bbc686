import {
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
  copyFile,
  mkdir,
  truncate,
} from "node:fs/promises";
import * as fsPromises from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { syncReadsBlobFs, type BlobFs } from "../../../src/cache/blob-fs.js";
import { blobPath } from "../../../src/cache/blob-key.js";
import { createBlobStore } from "../../../src/cache/blob-store.js";
import { ENTRY_HEADER_BYTES } from "../../../src/cache/blob-entry-format.js";
import { createManualClock } from "../../helpers/manual-clock.js";

const SHA_A = "3b18e512dba79e4c8300dd08aeb37f8e728b8dad";
const SHA_B = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391";
const SHA_C = "8ab686eafeb1f44702738c8b0f24f2567c36da6d";
const SHA_D = "257cc5642cb1a054f08cc83f2d943e56fd3ebe99";
const SHA256 = "a".repeat(64);

/** On disk, for a payload of 100 bytes. */
const ENTRY_BYTES = ENTRY_HEADER_BYTES + 100;

/** A clock later than any real write's mtime, so reads on it are the newest uses. */
const clockAfterWrites = () =>
  createManualClock(Date.parse("2100-01-01T00:00:00Z"));

/** Distinct payloads of one size, so every entry takes the same bytes on disk. */
const payload = (letter: string, size = 100) => Buffer.alloc(size, letter);

function recordingLog() {
  const warnings: Array<{ meta: object; message: string }> = [];
  return {
    warnings,
    log: {
      warn: (meta: object, message: string) => warnings.push({ meta, message }),
    },
  };
}

/** Every file under `dir`, relative, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "askcode-blob-store-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("createBlobStore", () => {
  it("gives back what was put, per kind, at <dir>/<kind>/<sha[0..2]>/<sha>", async () => {
    const blobs = await createBlobStore({ dir, maxBytes: 1 << 20 });

    await blobs.put("text", SHA_A, Buffer.from("export const a = 1;\n"));
    await blobs.put("chunks:v1", SHA_A, Buffer.from('[{"start":1}]'));
    await blobs.put("text", SHA256, Buffer.from("sha-256 repositories too"));

    expect((await blobs.get("text", SHA_A))?.toString()).toBe(
      "export const a = 1;\n",
    );
    expect((await blobs.get("chunks:v1", SHA_A))?.toString()).toBe(
      '[{"start":1}]',
    );
    expect((await blobs.get("text", SHA256))?.toString()).toBe(
      "sha-256 repositories too",
    );
    expect(await blobs.get("chunks:v2", SHA_A)).toBeUndefined();
    expect(await blobs.get("text", SHA_B)).toBeUndefined();
    expect(await filesUnder(dir)).toEqual(
      [`chunks:v1/3b/${SHA_A}`, `text/3b/${SHA_A}`, `text/aa/${SHA256}`].sort(),
    );
    expect(blobs.entries).toBe(3);
  });

  it("keeps its entries across a restart: a new store on the same directory reads them", async () => {
    const first = await createBlobStore({ dir, maxBytes: 1 << 20 });
    await first.put("text", SHA_A, payload("a"));
    await first.put("text", SHA_B, payload("b"));

    const second = await createBlobStore({ dir, maxBytes: 1 << 20 });

    expect(second.entries).toBe(2);
    expect(second.bytes).toBe(2 * (ENTRY_HEADER_BYTES + 100));
    expect(await second.get("text", SHA_A)).toEqual(payload("a"));
    expect(await second.get("text", SHA_B)).toEqual(payload("b"));
  });

  it("evicts the least recently used entries once the bytes pass maxBytes, deleting their files", async () => {
    const blobs = await createBlobStore({ dir, maxBytes: 3 * ENTRY_BYTES });
    await blobs.put("text", SHA_A, payload("a"));
    await blobs.put("text", SHA_B, payload("b"));
    await blobs.put("text", SHA_C, payload("c"));
    await blobs.get("text", SHA_A); // A is now used after B and C

    await blobs.put("text", SHA_D, payload("d"));

    expect(await blobs.get("text", SHA_B)).toBeUndefined();
    expect(await filesUnder(dir)).toEqual(
      [SHA_A, SHA_C, SHA_D]
        .map((sha) => `text/${sha.slice(0, 2)}/${sha}`)
        .sort(),
    );
    expect(blobs.bytes).toBe(3 * ENTRY_BYTES);
    for (const [sha, letter] of [
      [SHA_A, "a"],
      [SHA_C, "c"],
      [SHA_D, "d"],
    ] as const)
      expect(await blobs.get("text", sha)).toEqual(payload(letter));
  });

  it("orders a restarted store by last use: reads are remembered on disk", async () => {
    const clock = clockAfterWrites();
    const first = await createBlobStore({
      dir,
      maxBytes: 3 * ENTRY_BYTES,
      clock,
    });
    await first.put("text", SHA_A, payload("a"));
    await first.put("text", SHA_B, payload("b"));
    await first.put("text", SHA_C, payload("c"));
    for (const sha of [SHA_B, SHA_C, SHA_A]) {
      clock.advance(61_000);
      await first.get("text", sha);
    }

    const second = await createBlobStore({
      dir,
      maxBytes: 3 * ENTRY_BYTES,
      clock,
    });
    await second.put("text", SHA_D, payload("d"));

    expect(await second.get("text", SHA_B)).toBeUndefined();
    expect(await second.get("text", SHA_A)).toEqual(payload("a"));
    expect(await second.get("text", SHA_C)).toEqual(payload("c"));
  });

  it("trims a directory larger than maxBytes at start, oldest first", async () => {
    const clock = clockAfterWrites();
    const big = await createBlobStore({
      dir,
      maxBytes: 10 * ENTRY_BYTES,
      clock,
    });
    for (const [sha, letter] of [
      [SHA_A, "a"],
      [SHA_B, "b"],
      [SHA_C, "c"],
    ] as const) {
      await big.put("text", sha, payload(letter));
      clock.advance(61_000);
      await big.get("text", sha);
    }

    const small = await createBlobStore({
      dir,
      maxBytes: 2 * ENTRY_BYTES,
      clock,
    });

    expect(small.bytes).toBe(2 * ENTRY_BYTES);
    expect(await filesUnder(dir)).toEqual(
      [SHA_B, SHA_C].map((sha) => `text/${sha.slice(0, 2)}/${sha}`).sort(),
    );
  });

  it("deletes a corrupt entry (one byte flipped) and reads it as a miss, with one warning", async () => {
    const { warnings, log } = recordingLog();
    const blobs = await createBlobStore({ dir, maxBytes: 1 << 20, log });
    await blobs.put("text", SHA_A, payload("a"));
    const path = blobPath(dir, "text", SHA_A);
    const bytes = await readFile(path);
    bytes[ENTRY_HEADER_BYTES + 50]! ^= 0x01;
    await writeFile(path, bytes);

    expect(await blobs.get("text", SHA_A)).toBeUndefined();
    expect(await blobs.get("text", SHA_A)).toBeUndefined();

    await expect(stat(path)).rejects.toMatchObject({ code: "ENOENT" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(
      /corrupt blob cache entry \(checksum mismatch\)/,
    );
    expect(blobs.entries).toBe(0);
    // Put again, it is read again.
    await blobs.put("text", SHA_A, payload("a"));
    expect(await blobs.get("text", SHA_A)).toEqual(payload("a"));
  });

  it("reads a truncated entry as a miss and deletes it", async () => {
    const { warnings, log } = recordingLog();
    const blobs = await createBlobStore({ dir, maxBytes: 1 << 20, log });
    await blobs.put("text", SHA_A, payload("a"));
    await blobs.put("text", SHA_B, payload("b"));
    await truncate(blobPath(dir, "text", SHA_A), ENTRY_HEADER_BYTES + 40);
    await truncate(blobPath(dir, "text", SHA_B), 10);

    expect(await blobs.get("text", SHA_A)).toBeUndefined();
    expect(await blobs.get("text", SHA_B)).toBeUndefined();

    expect(await filesUnder(dir)).toEqual([]);
    expect(warnings[0]!.message).toMatch(
      /40 bytes of payload where its header says 100/,
    );
  });

  it("reads an entry copied under another SHA as corrupt: the key is in its checksum", async () => {
    const { warnings, log } = recordingLog();
    const first = await createBlobStore({ dir, maxBytes: 1 << 20 });
    await first.put("text", SHA_A, payload("a"));
    const misplaced = blobPath(dir, "text", SHA_B);
    await mkdir(dirname(misplaced), { recursive: true });
    await copyFile(blobPath(dir, "text", SHA_A), misplaced);

    const second = await createBlobStore({ dir, maxBytes: 1 << 20, log });

    expect(await second.get("text", SHA_B)).toBeUndefined();
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/checksum mismatch/),
    ]);
    expect(await second.get("text", SHA_A)).toEqual(payload("a"));
  });

  it("leaves one valid entry when two puts of the same SHA race, in one store or two", async () => {
    const first = await createBlobStore({ dir, maxBytes: 1 << 20 });
    const second = await createBlobStore({ dir, maxBytes: 1 << 20 });

    const big = payload("a", 300_000);
    await Promise.all([
      first.put("text", SHA_A, big),
      first.put("text", SHA_A, big),
      second.put("text", SHA_A, big),
    ]);

    expect(await filesUnder(dir)).toEqual([`text/3b/${SHA_A}`]);
    const third = await createBlobStore({ dir, maxBytes: 1 << 20 });
    // Buffer.equals: jest's toEqual walks 300 kB byte by byte.
    expect((await third.get("text", SHA_A))?.equals(big)).toBe(true);
    expect((await first.get("text", SHA_A))?.equals(big)).toBe(true);
  });

  it("drops puts on a full disk with one warning, never throwing, and stores again once there is room", async () => {
    const { warnings, log } = recordingLog();
    let full = true;
    const fs: BlobFs = {
      ...fsPromises,
      writeFile: (async (...args: Parameters<typeof fsPromises.writeFile>) => {
        if (full) {
          // What Node's writeFile rejects with on a full disk, once it has created the file.
          await fsPromises.writeFile(args[0], "");
          throw Object.assign(
            new Error("ENOSPC: no space left on device, write"),
            {
              code: "ENOSPC",
              errno: -28,
              syscall: "write",
            },
          );
        }
        return fsPromises.writeFile(...args);
      }) as typeof fsPromises.writeFile,
    };
    const blobs = await createBlobStore({ dir, maxBytes: 1 << 20, log, fs });

    await blobs.put("text", SHA_A, payload("a"));
    await blobs.put("text", SHA_B, payload("b"));

    expect(await blobs.get("text", SHA_A)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(
      /could not write to the blob cache .*\(ENOSPC\)/,
    );
    expect(await filesUnder(dir)).toEqual([]); // no temporary file left behind
    expect(blobs.entries).toBe(0);

    full = false;
    await blobs.put("text", SHA_A, payload("a"));
    expect(await blobs.get("text", SHA_A)).toEqual(payload("a"));
  });

  it("runs without a store, with one warning, when its directory cannot be made", async () => {
    const { warnings, log } = recordingLog();
    const fs: BlobFs = {
      ...fsPromises,
      mkdir: (async () => {
        throw Object.assign(new Error("EACCES: permission denied, mkdir"), {
          code: "EACCES",
        });
      }) as typeof fsPromises.mkdir,
    };
    const blobs = await createBlobStore({
      dir: join(dir, "cache"),
      maxBytes: 1 << 20,
      log,
      fs,
    });

    await blobs.put("text", SHA_A, payload("a"));

    expect(await blobs.get("text", SHA_A)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(
      /cannot use the blob cache directory .*\(EACCES\)/,
    );
  });

  it("does not keep an entry larger than the whole store", async () => {
    const blobs = await createBlobStore({
      dir,
      maxBytes: ENTRY_HEADER_BYTES + 99,
    });

    await blobs.put("text", SHA_A, payload("a", 100));
    await blobs.put("text", SHA_B, payload("b", 99));

    expect(await blobs.get("text", SHA_A)).toBeUndefined();
    expect(await blobs.get("text", SHA_B)).toEqual(payload("b", 99));
  });

  it("stores nothing with maxBytes 0", async () => {
    const blobs = await createBlobStore({
      dir: join(dir, "never"),
      maxBytes: 0,
    });

    await blobs.put("text", SHA_A, payload("a"));

    expect(await blobs.get("text", SHA_A)).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  it("deletes temporary files a crash left behind, but not one written just now", async () => {
    const clock = createManualClock(Date.parse("2100-01-01T00:00:00Z"));
    const folder = join(dir, "text", "3b");
    await mkdir(folder, { recursive: true });
    const old = join(folder, `${SHA_A}.tmp-1-deadbeef`);
    await writeFile(old, "half an entry");
    await fsPromises.utimes(
      old,
      new Date("2099-12-31T23:00:00Z"),
      new Date("2099-12-31T23:00:00Z"),
    );
    const fresh = join(folder, `${SHA_A}.tmp-2-cafebabe`);
    await writeFile(fresh, "another process writing");
    await fsPromises.utimes(
      fresh,
      new Date("2099-12-31T23:59:00Z"),
      new Date("2099-12-31T23:59:00Z"),
    );

    const blobs = await createBlobStore({ dir, maxBytes: 1 << 20, clock });

    expect(blobs.entries).toBe(0);
    expect(await filesUnder(dir)).toEqual([`text/3b/${SHA_A}.tmp-2-cafebabe`]);
  });

  it.each([
    ["../etc", SHA_A, /blob kind "\.\.\/etc"/],
    ["..", SHA_A, /blob kind "\.\."/],
    ["text/../../x", SHA_A, /blob kind/],
    ["Text", SHA_A, /blob kind/],
    ["", SHA_A, /blob kind ""/],
    ["text", "../../../etc/passwd", /blob sha "\.\.\/\.\.\/\.\.\/etc\/passwd"/],
    ["text", SHA_A.toUpperCase(), /blob sha/],
    ["text", SHA_A.slice(0, 39), /blob sha/],
    ["text", "HEAD", /blob sha "HEAD"/],
  ])(
    "refuses kind %j with sha %j as a TypeError naming it",
    async (kind, sha, message) => {
      const blobs = await createBlobStore({
        dir: join(dir, "cache"),
        maxBytes: 1 << 20,
      });

      await expect(blobs.put(kind, sha, payload("x"))).rejects.toThrow(
        TypeError,
      );
      await expect(blobs.put(kind, sha, payload("x"))).rejects.toThrow(message);
      await expect(blobs.get(kind, sha)).rejects.toThrow(message);
      expect(await readdir(dir)).toEqual(["cache"]);
      expect(await filesUnder(join(dir, "cache"))).toEqual([]);
    },
  );
});

describe("BlobStore.openRanges", () => {
  const bytes = Buffer.from("0123456789abcdefghij");

  it("reads an entry's payload by ranges, still after the entry is evicted", async () => {
    const blobs = await createBlobStore({ dir, maxBytes: 1 << 20 });
    await blobs.put("texts:v1", SHA_A, bytes);

    const ranges = (await blobs.openRanges("texts:v1", SHA_A))!;
    await rm(blobPath(dir, "texts:v1", SHA_A));

    expect(ranges.length).toBe(20);
    expect(ranges.read(10, 16).toString()).toBe("abcdef");
    expect(ranges.read(0, 0).toString()).toBe("");
    expect(() => ranges.read(15, 21)).toThrow(
      "bytes 15-21 are outside a blob entry's 20",
    );
  });

  it("misses when there is no entry, or its header is not one (and deletes it)", async () => {
    const { warnings, log } = recordingLog();
    const blobs = await createBlobStore({ dir, maxBytes: 1 << 20, log });
    expect(await blobs.openRanges("texts:v1", SHA_A)).toBeUndefined();

    await blobs.put("texts:v1", SHA_B, bytes);
    const path = blobPath(dir, "texts:v1", SHA_B);
    const entry = await readFile(path);
    entry[0] = 0x58; // "XCB2": not an askcode entry
    await writeFile(path, entry);

    expect(await blobs.openRanges("texts:v1", SHA_B)).toBeUndefined();
    await expect(stat(path)).rejects.toMatchObject({ code: "ENOENT" });
    expect(warnings).toHaveLength(1);
  });

  it("deletes the entry when its reader finds a piece corrupt: the next open misses", async () => {
    const blobs = await createBlobStore({ dir, maxBytes: 1 << 20 });
    await blobs.put("texts:v1", SHA_A, bytes);

    (await blobs.openRanges("texts:v1", SHA_A))!.discard();

    expect(await filesUnder(dir)).toEqual([]);
    expect(await blobs.openRanges("texts:v1", SHA_A)).toBeUndefined();
    expect(blobs.entries).toBe(0);
  });
});

describe("createBlobStore with synchronous reads (syncReadsBlobFs, the CLI's)", () => {
  const open = (
    maxBytes: number,
    log?: ReturnType<typeof recordingLog>["log"],
  ) =>
    createBlobStore({
      dir,
      maxBytes,
      fs: syncReadsBlobFs,
      ...(log ? { log } : {}),
    });

  it("stores, reads back after a restart, and evicts the least recently used with its file", async () => {
    const first = await open(2 * ENTRY_BYTES);
    await first.put("text", SHA_A, payload("a"));
    await first.put("text", SHA_B, payload("b"));

    const second = await open(2 * ENTRY_BYTES);
    expect(second.entries).toBe(2);
    expect(await second.get("text", SHA_A)).toEqual(payload("a"));
    await second.put("text", SHA_C, payload("c"));

    expect(await second.get("text", SHA_B)).toBeUndefined();
    expect(await filesUnder(dir)).toEqual(
      [SHA_A, SHA_C].map((sha) => `text/${sha.slice(0, 2)}/${sha}`).sort(),
    );
  });

  it("reads a corrupt entry as a miss, deletes it and warns, never throwing", async () => {
    const { warnings, log } = recordingLog();
    const blobs = await open(1 << 20, log);
    await blobs.put("text", SHA_A, payload("a"));
    const path = blobPath(dir, "text", SHA_A);
    await truncate(path, ENTRY_HEADER_BYTES + 10);

    expect(await blobs.get("text", SHA_A)).toBeUndefined();

    await expect(stat(path)).rejects.toMatchObject({ code: "ENOENT" });
    expect(warnings).toHaveLength(1);
  });

  it("runs without a store, with one warning, when its directory cannot be made", async () => {
    const { warnings, log } = recordingLog();
    await writeFile(join(dir, "file"), "not a directory");
    const blobs = await createBlobStore({
      dir: join(dir, "file", "cache"),
      maxBytes: 1 << 20,
      fs: syncReadsBlobFs,
      log,
    });

    await blobs.put("text", SHA_A, payload("a"));

    expect(await blobs.get("text", SHA_A)).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});

describe("createBlobStore scanning at the first write (the CLI's)", () => {
  /** node:fs/promises, counting the stats a scan makes and the entries read. */
  function countingFs() {
    const counted = { stats: 0, reads: 0 };
    const fs: BlobFs = {
      ...fsPromises,
      stat: ((...args: Parameters<typeof fsPromises.stat>) => {
        counted.stats++;
        return fsPromises.stat(...args);
      }) as BlobFs["stat"],
      readFile: ((...args: Parameters<typeof fsPromises.readFile>) => {
        counted.reads++;
        return fsPromises.readFile(...args);
      }) as BlobFs["readFile"],
    };
    return { fs, counted };
  }

  it("misses a kind with no directory on disk without reading a file, and still reads the kinds there", async () => {
    const first = await createBlobStore({ dir, maxBytes: 1 << 20 });
    await first.put("text", SHA_A, payload("a"));
    const { fs, counted } = countingFs();
    const lazy = await createBlobStore({
      dir,
      maxBytes: 1 << 20,
      fs,
      scan: "first-write",
    });

    for (const sha of [SHA_A, SHA_B, SHA_C])
      expect(await lazy.get("derived", sha)).toBeUndefined();

    expect(counted.reads).toBe(0);
    expect(await lazy.get("text", SHA_A)).toEqual(payload("a"));
    expect(counted.reads).toBe(1);
    // Written by this process after the kinds were listed: read all the same.
    await lazy.put("derived", SHA_B, payload("b"));
    expect(await lazy.get("derived", SHA_B)).toEqual(payload("b"));
  });

  it("reads what an earlier process left without a stat, and counts the whole directory once it writes", async () => {
    const first = await createBlobStore({ dir, maxBytes: 1 << 20 });
    await first.put("text", SHA_A, payload("a"));
    await first.put("text", SHA_B, payload("b"));
    const { fs, counted } = countingFs();

    const lazy = await createBlobStore({
      dir,
      maxBytes: 1 << 20,
      fs,
      scan: "first-write",
    });
    expect(await lazy.get("text", SHA_A)).toEqual(payload("a"));
    expect(await lazy.get("text", SHA_C)).toBeUndefined();

    expect(counted.stats).toBe(0);
    expect(lazy.entries).toBe(1);

    await lazy.put("text", SHA_C, payload("c"));

    expect(counted.stats).toBeGreaterThan(0);
    expect(lazy.entries).toBe(3);
    expect(lazy.bytes).toBe(3 * ENTRY_BYTES);
  });

  it("evicts by everything on disk, the entries read this run last", async () => {
    const first = await createBlobStore({ dir, maxBytes: 1 << 20 });
    await first.put("text", SHA_A, payload("a"));
    await first.put("text", SHA_B, payload("b"));
    const lazy = await createBlobStore({
      dir,
      maxBytes: 2 * ENTRY_BYTES,
      clock: clockAfterWrites(),
      scan: "first-write",
    });
    await lazy.get("text", SHA_A);

    await lazy.put("text", SHA_C, payload("c"));

    expect(await filesUnder(dir)).toEqual(
      [SHA_A, SHA_C].map((sha) => `text/${sha.slice(0, 2)}/${sha}`).sort(),
    );
  });

  it("deletes a corrupt entry it reads before scanning, with one warning", async () => {
    const { warnings, log } = recordingLog();
    const first = await createBlobStore({ dir, maxBytes: 1 << 20 });
    await first.put("text", SHA_A, payload("a"));
    await truncate(blobPath(dir, "text", SHA_A), ENTRY_HEADER_BYTES + 10);
    const lazy = await createBlobStore({
      dir,
      maxBytes: 1 << 20,
      log,
      scan: "first-write",
    });

    expect(await lazy.get("text", SHA_A)).toBeUndefined();

    await expect(stat(blobPath(dir, "text", SHA_A))).rejects.toMatchObject({
      code: "ENOENT",
    });
    expect(warnings).toHaveLength(1);
  });
});
