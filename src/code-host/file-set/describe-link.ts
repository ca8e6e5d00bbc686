import { posix } from "node:path";
import type { SubmoduleEntry, SymlinkEntry } from "../code-host.js";
import type { FileIndex } from "./file-index.js";
import type { FileSourceEntry } from "./file-source.js";

/**
 * A symlink as a reader returns it: never followed, with a note that names
 * the path to read instead when the target is inside the repository.
 *
 * @example
 * describeSymlink({ path: "docs/latest", type: "symlink", size: 4, target: "v2.md" }, index)
 * // { kind: "symlink", target: "v2.md", note: "Symlink to docs/v2.md; read that path instead." }
 */
export function describeSymlink(
  entry: FileSourceEntry,
  index: FileIndex,
): SymlinkEntry {
  const target = entry.target ?? "";
  const base = { kind: "symlink" as const, path: entry.path, target };
  const resolved = posix.normalize(
    posix.join(posix.dirname(entry.path), target),
  );
  if (
    target === "" ||
    posix.isAbsolute(target) ||
    resolved === ".." ||
    resolved.startsWith("../")
  ) {
    return {
      ...base,
      note: `Symlink to ${target || "nothing"}, which is outside the repository; it is not followed.`,
    };
  }
  if (index.directories.has(resolved)) {
    return {
      ...base,
      note: `Symlink to the directory ${resolved}; list that path instead.`,
    };
  }
  if (index.entries.has(resolved)) {
    return { ...base, note: `Symlink to ${resolved}; read that path instead.` };
  }
  return {
    ...base,
    note: `Symlink to ${resolved}, which does not exist in the repository.`,
  };
}

/** A submodule entry: its pinned commit and, where `.gitmodules` says, its URL. */
export function describeSubmodule(
  entry: FileSourceEntry,
  url: string | undefined,
): SubmoduleEntry {
  const commit = entry.commit ?? entry.sha ?? "";
  const from = url ? ` (${url})` : "";
  return {
    kind: "submodule",
    path: entry.path,
    commit,
    ...(url ? { url } : {}),
    note: `A git submodule pinned at commit ${commit}; its files live in another repository${from} and are not read here.`,
  };
}
