import { LRUCache } from "lru-cache";
import type { BlobStore } from "../../cache/blob-store.js";
import { gitBlobSha } from "./git-blob-sha.js";

/**
 * The blob store as a commit loader uses it: a file's kept text by blob SHA
 * ("text" entries), read now, written behind. Writing behind means a
 * snapshot is served as soon as its bytes are in memory; the writes (a file
 * per blob) follow, a few at a time so thousands of blobs never hold
 * thousands of open files. A failed write only costs a later fetch: the
 * store logs it and never throws.
 */
export interface KeptTextStore {
  /** The text stored for this blob, or undefined (none, unreadable, corrupt). */
  read(sha: string): Promise<Buffer | undefined>;
  /**
   * Queues a write; returns at once. Bytes that do not hash to `sha` (an
   * archive's `export-subst` or line-ending filters rewrote them) are
   * dropped: the store holds only what the SHA names.
   */
  keep(sha: string, bytes: Buffer): void;
  /** Settles when every queued write has (benchmarks, tests, shutdown). */
  flushed(): Promise<void>;
  /** Writes queued or in flight. */
  readonly pending: number;
}

/** The blob store's kind for a file's text, as the tree's blob SHA names it. */
export const TEXT_KIND = "text";

// Enough parallel writes to keep a disk busy, few enough to stay far below
// the process's open-file limit.
const WRITES_IN_FLIGHT = 8;

/**
 * Wraps the process's blob store for commit loaders (`loadCommitSnapshot`).
 *
 * @example
 * const texts = createKeptTextStore(await createBlobStore({ dir, maxBytes, log }));
 * texts.keep(sha, bytes);
 * await texts.read(sha) // bytes, once written
 */
export function createKeptTextStore(
  store: BlobStore,
  options: {
    /**
     * Texts of the commits read last, kept in memory by blob SHA up to this
     * many bytes, so that the next commit's unchanged files are not read back
     * from disk one file at a time. They are the very buffers the held
     * snapshots hold, so while those are held this costs nothing more.
     */
    memoryBytes?: number;
  } = {},
): KeptTextStore {
  const recent =
    options.memoryBytes && options.memoryBytes > 0
      ? new LRUCache<string, Buffer>({
          maxSize: options.memoryBytes,
          maxEntrySize: options.memoryBytes,
          sizeCalculation: (bytes) => Math.max(1, bytes.length),
        })
      : undefined;
  const queue: { sha: string; bytes: Buffer }[] = [];
  const queued = new Set<string>();
  let inFlight = 0;
  let waiters: (() => void)[] = [];

  const settleIfIdle = () => {
    if (queue.length > 0 || inFlight > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const pump = () => {
    while (inFlight < WRITES_IN_FLIGHT && queue.length > 0) {
      const next = queue.shift();
      if (!next) break;
      inFlight++;
      // put throws only for a malformed SHA (a TypeError); the tree's SHAs
      // are GitHub's, and a cache write is never worth failing a question.
      void Promise.resolve()
        .then(() => {
          if (gitBlobSha(next.bytes) !== next.sha) return undefined;
          recent?.set(next.sha, next.bytes);
          return store.put(TEXT_KIND, next.sha, next.bytes);
        })
        .catch(() => {})
        .finally(() => {
          inFlight--;
          queued.delete(next.sha);
          pump();
          settleIfIdle();
        });
    }
  };

  return {
    get pending() {
      return queue.length + inFlight;
    },
    async read(sha) {
      const held = recent?.get(sha);
      if (held) return held;
      const bytes = await store.get(TEXT_KIND, sha);
      if (bytes) recent?.set(sha, bytes);
      return bytes;
    },
    keep(sha, bytes) {
      if (queued.has(sha)) return;
      queued.add(sha);
      queue.push({ sha, bytes });
      pump();
    },
    flushed() {
      if (queue.length === 0 && inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
