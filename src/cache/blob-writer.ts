import { randomBytes } from "node:crypto";
import { dirname } from "node:path";
import type { BurstWarning } from "../shared/burst-warning.js";
import type { Clock } from "../shared/clock.js";
import type { BlobIndex } from "./blob-index.js";
import { errorCode, type BlobFs } from "./blob-fs.js";
import { TEMP_MARKER } from "./scan-blob-dir.js";

/** Writes one encoded entry to its path and indexes it; never throws for the disk's sake. */
export type BlobWriter = (
  kind: string,
  sha: string,
  path: string,
  entry: Buffer,
) => Promise<void>;

/**
 * The blob store's writes: an entry is written to a temporary file and
 * renamed into place, so a crash or two writers racing never leave half an
 * entry (the last rename wins and both wrote the same bytes). A full disk
 * or a refused write skips the entry with a warning. The folders made are
 * remembered, so a write costs no `mkdir` after the first in its folder.
 *
 * @example
 * const write = createBlobWriter({ dir, fs, clock, writeWarning, index });
 * await write("text", sha, blobPath(dir, "text", sha), encodeBlobEntry("text", sha, bytes));
 */
export function createBlobWriter(options: {
  dir: string;
  fs: BlobFs;
  clock: Pick<Clock, "now">;
  writeWarning: BurstWarning;
  index: BlobIndex;
}): BlobWriter {
  const { dir, fs, clock, writeWarning, index } = options;
  const madeDirs = new Set<string>();
  return async (kind, sha, path, entry) => {
    const folder = dirname(path);
    const temp = `${path}${TEMP_MARKER}${process.pid}-${randomBytes(4).toString("hex")}`;
    try {
      if (!madeDirs.has(folder)) {
        await fs.mkdir(folder, { recursive: true });
        madeDirs.add(folder);
      }
      await fs.writeFile(temp, entry);
      await fs.rename(temp, path);
    } catch (error) {
      // The directory may have been removed under us: made again next time.
      madeDirs.delete(folder);
      // The temp may never have been written; the failure that matters is
      // the write's, reported below.
      await fs.unlink(temp).catch(() => {});
      writeWarning.failed(
        error,
        `askcode could not write to the blob cache in ${dir} (${errorCode(error) ?? "error"}); entries are skipped while it lasts, which costs only time`,
      );
      return;
    }
    writeWarning.recovered();
    index.lru.set(`${kind}/${sha}`, {
      kind,
      sha,
      bytes: entry.length,
      touchedAt: clock.now(),
    });
    await index.settleUnlinks();
  };
}
