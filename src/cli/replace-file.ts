import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * Writes `path` whole or not at all: into a temporary file beside it, then
 * renamed over it, so that a process reading it meanwhile (another
 * question, a background index) sees the old file or the new, never half
 * of one. Makes the folder if need be. Throws the write's error, the
 * temporary file removed.
 *
 * @example
 * await replaceFile("/home/ada/.cache/askcode/token-counts-v1.json", text);
 */
export async function replaceFile(
  path: string,
  data: string | Uint8Array,
): Promise<void> {
  const temp = `${path}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    // The temp may never have been written; the error to throw is the write's.
    await rm(temp, { force: true }).catch(() => {});
    throw error;
  }
}
