import {
  skipReason,
  skipReasonForText,
  type SkipReason,
} from "../../policy/file-filters.js";
import type { TreeListing } from "../code-host.js";
import { formatBytes } from "../file-set/format-bytes.js";

/**
 * Whether a snapshot holds the bytes of this file: exactly the files
 * retrieval would read (`skipReason` with retrieval's defaults), so images,
 * data, vendored, generated, lock, minified and secret files cost a snapshot
 * nothing. A file not held is still listed, and read through the API if
 * anything asks for it.
 *
 * @example
 * snapshotKeeps("src/app.ts", 4096)       // true
 * snapshotKeeps("assets/hero.png", 4e6)  // false
 */
export function snapshotKeeps(path: string, size: number | undefined): boolean {
  return skipReason(path, size) === undefined;
}

/** Which files a snapshot keeps the bytes of, from path and size (`snapshotKeeps`, or `keepingOutside` it). */
export type KeepRule = (path: string, size: number | undefined) => boolean;

/**
 * `snapshotKeeps` less the paths the repository's configuration excludes:
 * they are neither kept nor counted against the cap.
 *
 * @example
 * keepingOutside((path) => path.startsWith("fixtures/"))("fixtures/big.py", 10) // false
 */
export function keepingOutside(excludes: (path: string) => boolean): KeepRule {
  return (path, size) => !excludes(path) && snapshotKeeps(path, size);
}

/**
 * Why a file `snapshotKeeps` by path and size does not keep its bytes once
 * they are in (retrieval's own `skipReasonForText`: a NUL byte is "binary",
 * very long lines "minified"), or undefined when it does.
 *
 * @example
 * snapshotTextSkip(Buffer.from("def f():\n    return 1\n")) // undefined
 * snapshotTextSkip(Buffer.from("a\u0000b"))                 // "binary"
 */
export function snapshotTextSkip(
  bytes: Buffer | string,
): SkipReason | undefined {
  return skipReasonForText(
    typeof bytes === "string" ? bytes : bytes.toString("utf8"),
  );
}

/**
 * Why a snapshot of this tree would not fit under `maxKeptBytes`, or
 * `undefined` when it fits. The cap counts the text a snapshot keeps (see
 * `snapshotKeeps`), not the archive: 200 MB of images beside 20 MB of code
 * is 20 MB.
 *
 * @example
 * snapshotMisfit(tree, 50 * 1024 * 1024) // undefined, or "The repository holds about 212 MB of text retrieval reads, …"
 */
export function snapshotMisfit(
  tree: TreeListing,
  maxKeptBytes: number,
  keep: KeepRule = snapshotKeeps,
): string | undefined {
  if (tree.truncated)
    return "GitHub cut the tree (over 100,000 entries or 7 MB), so the repository is too large to snapshot";
  const estimate = estimateKeptBytes(tree, keep);
  if (estimate <= maxKeptBytes) return undefined;
  return (
    `The repository holds about ${formatBytes(estimate)} of text retrieval reads, ` +
    `over the ${formatBytes(maxKeptBytes)} snapshot cap`
  );
}

/**
 * Bytes a snapshot of this tree would keep in memory, from the tree alone.
 *
 * @example
 * estimateKeptBytes({ sha, truncated: false, entries: [{ path: "a.ts", type: "file", size: 10 }, { path: "b.png", type: "file", size: 9000 }] }) // 10
 */
export function estimateKeptBytes(
  tree: TreeListing,
  keep: KeepRule = snapshotKeeps,
): number {
  let bytes = 0;
  for (const entry of tree.entries) {
    if (entry.type === "file" && keep(entry.path, entry.size))
      bytes += entry.size ?? 0;
  }
  return bytes;
}
