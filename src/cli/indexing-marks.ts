import { createHash } from "node:crypto";
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

// `<cache-dir>/indexing/<key>` holds the pid of a process indexing a checkout.
const FOLDER = "indexing";

/**
 * The mark's name for one checkout at one ref (the working tree when absent).
 *
 * @example
 * indexingKey("/home/ada/flask") // "9c1f…" (40 hex)
 */
export function indexingKey(repo: string, ref?: string): string {
  return createHash("sha1")
    .update(`${repo}\0${ref ?? ""}`)
    .digest("hex");
}

/**
 * Marks that process `pid` (this one by default) indexes the checkout of
 * `key`, until the returned function is called: so a question does not
 * start a second background index of it, and `bench:cli` can wait for it.
 * The process that starts one marks it for the child, so the mark exists
 * from the moment the question's process ends.
 *
 * @example
 * const unmark = markIndexing(cacheDir, indexingKey(repo));
 * try { … } finally { unmark(); }
 */
export function markIndexing(
  cacheDir: string,
  key: string,
  pid = process.pid,
): () => void {
  const path = join(cacheDir, FOLDER, key);
  try {
    mkdirSync(join(cacheDir, FOLDER), { recursive: true });
    writeFileSync(path, `${pid}\n`);
  } catch {
    // Unmarked, it only risks a second index of the same files.
    return () => {};
  }
  return () => rmSync(path, { force: true });
}

/** Whether a live process marked the checkout of `key` (a mark a crash left is ignored). */
export function isIndexing(cacheDir: string, key: string): boolean {
  return markedPids(cacheDir, [key]).length > 0;
}

/**
 * The live processes indexing any checkout in `cacheDir`.
 *
 * @example
 * while (indexingPids(cacheDir).length > 0) await sleep(50);
 */
export function indexingPids(cacheDir: string): number[] {
  let keys: string[];
  try {
    keys = readdirSync(join(cacheDir, FOLDER));
  } catch {
    return [];
  }
  return markedPids(cacheDir, keys);
}

function markedPids(cacheDir: string, keys: readonly string[]): number[] {
  const pids: number[] = [];
  for (const key of keys) {
    let pid: number;
    try {
      pid = Number(readFileSync(join(cacheDir, FOLDER, key), "utf8"));
    } catch {
      continue;
    }
    if (Number.isSafeInteger(pid) && pid > 0 && isAlive(pid)) pids.push(pid);
  }
  return pids;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
