import type { Stats } from "node:fs";
import type { DiskStamp } from "../code-host.js";

/**
 * What a file's `lstat` says of its bytes, as git's index keeps it: size,
 * modification and change times and inode, each of which an edit, a
 * replacement or a copy over it changes.
 *
 * @example
 * stampOf(lstatSync("src/app.py")) // { key: "812:1733480000123.4:1733480000123.4:1234567", changedAtMs: 1733480000123.4 }
 */
export function stampOf(stats: Stats): DiskStamp {
  return {
    key: `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`,
    changedAtMs: Math.max(stats.mtimeMs, stats.ctimeMs),
  };
}
