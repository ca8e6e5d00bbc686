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

/** The `code` of a Node file-system error (ENOENT, ENOSPC, EACCES…), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
