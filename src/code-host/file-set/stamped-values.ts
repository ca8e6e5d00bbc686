import { LRUCache } from "lru-cache";
import type { DiskStamp } from "../code-host.js";

/**
 * What was read from a directory, kept across readers of it by the stamp
 * it was read at (a file's `stampOf`: size, times, inode; or the tree's
 * `workingTreeStamp`), for a process that opens the checkout anew at each
 * call (`askcode mcp`): a file, or a listing, whose stamp did not change
 * is not read again. A stamp is trusted only once the
 * file has not changed for `racyMs` (an edit within a timestamp's
 * granularity could keep it), as git trusts its index and the CLI its
 * index snapshots; a file changed later is read each time.
 */
export interface StampedValues<T> {
  /** The value kept for `path` at `stamp`, or the one `read` gives now (then kept, when trusted). */
  obtain(
    path: string,
    stamp: DiskStamp | undefined,
    read: () => Promise<T | undefined>,
  ): Promise<T | undefined>;
}

export interface StampedValuesOptions<T> {
  /** The most bytes kept (by `sizeOf`); the least recently used go first. */
  maxBytes: number;
  sizeOf: (value: T) => number;
  /** How long after a change a stamp is trusted, in ms. */
  racyMs: number;
  /** The time in ms since the epoch (default `Date.now`). */
  now?: () => number;
}

/**
 * @example
 * const texts = createStampedValues({ maxBytes: 128 * 1024 * 1024, sizeOf: (d) => d.length, racyMs: 2000 });
 * await texts.obtain("src/app.py", entry.stamp, () => source.readBytes("src/app.py"));
 */
export function createStampedValues<T extends object>(
  options: StampedValuesOptions<T>,
): StampedValues<T> {
  if (!Number.isInteger(options.maxBytes) || options.maxBytes < 1)
    throw new RangeError(
      `createStampedValues: maxBytes must be a whole number of bytes of at least 1, not ${options.maxBytes}`,
    );
  const now = options.now ?? Date.now;
  const kept = new LRUCache<string, T>({
    maxSize: options.maxBytes,
    maxEntrySize: options.maxBytes,
    sizeCalculation: (value) => Math.max(1, options.sizeOf(value)),
  });
  const keyOf = (path: string, stamp: DiskStamp | undefined) =>
    stamp && stamp.changedAtMs < now() - options.racyMs
      ? `${path}\0${stamp.key}`
      : undefined;
  return {
    async obtain(path, stamp, read) {
      const key = keyOf(path, stamp);
      const held = key === undefined ? undefined : kept.get(key);
      if (held !== undefined) return held;
      const value = await read();
      if (key !== undefined && value !== undefined) kept.set(key, value);
      return value;
    },
  };
}
