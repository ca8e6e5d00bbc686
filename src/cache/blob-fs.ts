import * as fs from "node:fs";
import * as fsPromises from "node:fs/promises";

/**
 * The file-system calls the blob store makes: `node:fs/promises` in
 * production; a test wraps it to make one call fail as a full disk would.
 */
export type BlobFs = Pick<
  typeof fsPromises,
  | "mkdir"
  | "readdir"
  | "stat"
  | "readFile"
  | "writeFile"
  | "rename"
  | "unlink"
  | "utimes"
>;

export const nodeBlobFs: BlobFs = fsPromises;

// Each node:fs/promises call above has a synchronous twin taking the same arguments.
const settled =
  <A extends unknown[], R>(call: (...args: A) => R) =>
  async (...args: A): Promise<R> =>
    call(...args);

/**
 * The same calls, reads (and the marks of use they leave) made
 * synchronously, for a process with nothing else to serve (the CLI):
 * reading a few thousand small entries costs a tenth of the time without a
 * trip through libuv's thread pool for each call. Writes stay asynchronous,
 * as the pool runs several at once: made one by one, saving pylint's 4,293
 * first derivations took 0.9 s longer. The app keeps `nodeBlobFs`, whose
 * reads never hold its event loop.
 */
export const syncReadsBlobFs: BlobFs = {
  ...fsPromises,
  ...({
    readdir: settled(fs.readdirSync),
    stat: settled(fs.statSync),
    readFile: settled(fs.readFileSync),
    // Marking an entry used after reading it: a change to its inode only.
    utimes: settled(fs.utimesSync),
  } as unknown as Pick<BlobFs, "readdir" | "stat" | "readFile" | "utimes">),
};

/** The `code` of a Node file-system error (ENOENT, ENOSPC, EACCES…), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
