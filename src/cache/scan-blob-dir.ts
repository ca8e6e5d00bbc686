import { join } from "node:path";
import { errorCode, type BlobFs } from "./blob-fs.js";
import { isBlobKind, isBlobSha } from "./blob-key.js";

/** One entry found on disk at start. */
export interface ScannedBlob {
  kind: string;
  sha: string;
  /** The file's size, header included. */
  bytes: number;
  /** Its modification time: when it was written or last read (see `touch` in blob-reader.ts). */
  mtimeMs: number;
}

/** The marker in a temporary file's name, `<sha>.tmp-<pid>-<random>`. */
export const TEMP_MARKER = ".tmp-";

/**
 * Every entry under `dir` (`<kind>/<sha[0..2]>/<sha>`), least recently used
 * first, so that the store's index starts where the last process left it.
 * Temporary files older than `staleTempBeforeMs` (a write that a crash cut
 * short) are deleted; younger ones may be another process's write in flight.
 * Names the store would not write are left alone and not counted.
 *
 * @example
 * await scanBlobDir(fs, "/var/cache/askcode", Date.now() - 600_000)
 * // [{ kind: "text", sha: "3b18…", bytes: 1234, mtimeMs: 1767225600000 }, …]
 */
export async function scanBlobDir(
  fs: BlobFs,
  dir: string,
  staleTempBeforeMs: number,
): Promise<ScannedBlob[]> {
  const found: ScannedBlob[] = [];
  for (const kind of await subdirectories(fs, dir)) {
    if (!isBlobKind(kind)) continue;
    const prefixes = await subdirectories(fs, join(dir, kind));
    // One directory at a time, its files' stats together: thousands of
    // stats in flight at once would only queue in libuv's pool.
    for (const prefix of prefixes) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
      const folder = join(dir, kind, prefix);
      const names = await fs.readdir(folder).catch(() => [] as string[]);
      const entries = await Promise.all(
        names.map((name) => scanFile(fs, folder, name, staleTempBeforeMs)),
      );
      for (const entry of entries)
        if (entry && entry.sha.startsWith(prefix))
          found.push({ kind, ...entry });
    }
  }
  return found.sort((a, b) => a.mtimeMs - b.mtimeMs);
}

async function subdirectories(fs: BlobFs, dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((e) => e.name);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return [];
    throw error;
  }
}

async function scanFile(
  fs: BlobFs,
  folder: string,
  name: string,
  staleTempBeforeMs: number,
): Promise<Omit<ScannedBlob, "kind"> | undefined> {
  const path = join(folder, name);
  // An entry gone since the listing (a temp renamed, a blob evicted by
  // another process) is not there; one that cannot be read only costs a read
  // from GitHub later, so the scan goes on without it.
  const stats = await fs.stat(path).catch(() => undefined);
  if (!stats?.isFile()) return undefined;
  if (name.includes(TEMP_MARKER)) {
    // A crashed write's leftover: tidying, which the next start tries again.
    if (stats.mtimeMs < staleTempBeforeMs)
      await fs.unlink(path).catch(() => {});
    return undefined;
  }
  if (!isBlobSha(name)) return undefined;
  return { sha: name, bytes: stats.size, mtimeMs: stats.mtimeMs };
}
