import { fileKind, isChangelog, type FileKind } from "../../text/file-kind.js";

/** A file's kind as the co-change tier reads it: change logs apart from other docs. */
export type CoChangeKind = FileKind | "changelog";

/**
 * A file's kind for co-change: change logs apart from other docs, since they
 * are edited with many fixes, ranking demotes them, and when the history
 * proposes one it is the fix's about half the time (docs/benchmark.md,
 * "Co-change").
 *
 * @example
 * coChangeKind("CHANGELOG.md") // "changelog"
 * coChangeKind("src/lib.rs")   // "code"
 */
export function coChangeKind(path: string): CoChangeKind {
  return isChangelog(path) ? "changelog" : fileKind(path);
}
