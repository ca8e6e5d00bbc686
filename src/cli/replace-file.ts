import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
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
  const temp = tempBeside(path);
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

/**
 * `replaceFile` for a caller that cannot wait (the tokenizer's steps keep
 * what they decoded as they go): the same temporary file, rename and
 * clean-up, synchronously.
 *
 * @example
 * replaceFileSync("/home/ada/.cache/askcode/encodings-v1/o200k_base-….bin", bytes);
 */
export function replaceFileSync(path: string, data: string | Uint8Array): void {
  const temp = tempBeside(path);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temp, data);
    renameSync(temp, path);
  } catch (error) {
    // The temp may never have been written; the error to throw is the write's.
    try {
      rmSync(temp, { force: true });
    } catch {
      // the write's failure is the one to report
    }
    throw error;
  }
}

// A name no other process writes at the same time: this one's pid and a random part.
function tempBeside(path: string): string {
  return `${path}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
}
