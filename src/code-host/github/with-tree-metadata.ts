import type { TreeListing } from "../code-host.js";
import type { FileSource, FileSourceEntry } from "../file-set/file-source.js";

/**
 * Adds what an archive cannot carry to a snapshot's entries, from the Git
 * Trees answer of the same commit: blob SHAs (tar has no place for them)
 * and submodules (git archive writes a submodule as an empty directory, so
 * without the tree it would vanish). The tree is fetched anyway to decide
 * whether a snapshot fits, so this costs no request.
 *
 * @example
 * const source = withTreeMetadata(snapshot, await listGitHubTree(ctx, sha));
 * // listFiles() now includes { path: "vendor/lib", type: "submodule", commit: "…", … }
 */
export function withTreeMetadata(
  source: FileSource,
  tree: TreeListing,
): FileSource {
  return {
    label: source.label,
    readBytes: (path) => source.readBytes(path),
    async listFiles() {
      const shas = new Map(
        tree.entries.map((entry) => [entry.path, entry.sha]),
      );
      const entries: FileSourceEntry[] = (await source.listFiles()).map(
        (entry) => {
          const sha = entry.sha ?? shas.get(entry.path);
          return sha ? { ...entry, sha } : entry;
        },
      );
      for (const entry of tree.entries) {
        if (entry.type !== "submodule" || !entry.sha) continue;
        entries.push({
          path: entry.path,
          type: "submodule",
          size: 0,
          sha: entry.sha,
          commit: entry.sha,
        });
      }
      return entries;
    },
  };
}
