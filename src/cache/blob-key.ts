import { join } from "node:path";

// A git object id: SHA-1 (40 hex) or SHA-256 (64 hex), lower-case as git prints it.
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
// A directory name on any file system askcode runs on: no separator, no
// leading dot (so never "." or ".."), and a colon only to set off a format
// version ("chunks:v1").
const KIND = /^[a-z0-9][a-z0-9_-]{0,47}(?::[a-z0-9][a-z0-9_.-]{0,15})?$/;

/**
 * The file that holds one entry of the blob store, `<dir>/<kind>/<sha[0..2]>/<sha>`,
 * after checking both names so that no value can reach outside `dir`.
 * Throws a `TypeError` naming the bad argument: a caller passing a path or
 * an upper-case SHA is a bug, not a cache miss.
 *
 * @example
 * blobPath("/var/cache/askcode", "text", "3b18e512dba79e4c8300dd08aeb37f8e728b8dad")
 * // "/var/cache/askcode/text/3b/3b18e512dba79e4c8300dd08aeb37f8e728b8dad"
 * blobPath("/var/cache/askcode", "../etc", "3b18…") // throws TypeError: blob kind "../etc" …
 */
export function blobPath(dir: string, kind: string, sha: string): string {
  checkBlobKey(kind, sha);
  return join(dir, kind, sha.slice(0, 2), sha);
}

/**
 * Throws a `TypeError` unless `kind` is a safe directory name and `sha` a
 * git object id (40 or 64 lower-case hex digits).
 *
 * @example
 * checkBlobKey("chunks:v1", "3b18e512dba79e4c8300dd08aeb37f8e728b8dad") // fine
 * checkBlobKey("text", "HEAD") // throws TypeError: blob sha "HEAD" …
 */
export function checkBlobKey(kind: string, sha: string): void {
  if (typeof kind !== "string" || !KIND.test(kind))
    throw new TypeError(
      `blob kind ${JSON.stringify(kind)} is not allowed: lower-case letters, digits, _ and -, optionally ":" and a format version such as chunks:v1`,
    );
  if (typeof sha !== "string" || !SHA.test(sha))
    throw new TypeError(
      `blob sha ${JSON.stringify(sha)} is not allowed: a git object id of 40 or 64 lower-case hex digits`,
    );
}

/** Whether a directory entry's name is a kind the store could have written. */
export function isBlobKind(name: string): boolean {
  return KIND.test(name);
}

/** Whether a file name is a SHA the store could have written. */
export function isBlobSha(name: string): boolean {
  return SHA.test(name);
}
