import type { TreeListing } from "../code-host.js";
import { formatBytes } from "../file-set/format-bytes.js";

// A tar entry is a 512-byte header plus its content padded to 512 bytes;
// git archive adds a pax header (another two blocks) for a path too long for
// the header's name field, and one global header and two end blocks per
// archive. See https://www.gnu.org/software/tar/manual/html_node/Standard.html
const BLOCK = 512;
const USTAR_NAME_BYTES = 100;

/**
 * Why a snapshot of this tree would not fit under `maxBytes`, or `undefined`
 * when it fits. The estimate is of the decompressed archive, which is what
 * the unpack cap counts: many small files cost far more in tar blocks than
 * their bytes, so the sum of blob sizes alone would let a repository of
 * 100,000 one-line files download and then fail.
 *
 * @example
 * snapshotMisfit(tree, 50 * 1024 * 1024) // undefined, or "The repository unpacks to about 212 MB, …"
 */
export function snapshotMisfit(
  tree: TreeListing,
  maxBytes: number,
): string | undefined {
  if (tree.truncated)
    return "GitHub cut the tree (over 100,000 entries or 7 MB), so the repository is too large to snapshot";
  const estimate = estimateArchiveBytes(tree);
  if (estimate <= maxBytes) return undefined;
  return (
    `The repository unpacks to about ${formatBytes(estimate)}, ` +
    `over the ${formatBytes(maxBytes)} snapshot cap`
  );
}

/**
 * Decompressed size of GitHub's tarball of this tree, in bytes, estimated from the tree alone.
 *
 * @example
 * estimateArchiveBytes({ sha, truncated: false, entries: [{ path: "a.ts", type: "file", size: 10 }] }) // 3072
 */
export function estimateArchiveBytes(tree: TreeListing): number {
  let bytes = 4 * BLOCK; // the global pax header (two blocks) and the two end blocks
  for (const entry of tree.entries) {
    bytes += BLOCK;
    if (Buffer.byteLength(entry.path) > USTAR_NAME_BYTES) bytes += 2 * BLOCK;
    if (entry.type === "file")
      bytes += Math.ceil((entry.size ?? 0) / BLOCK) * BLOCK;
  }
  return bytes;
}
