import type { DiskStamp, TreeEntry } from "../code-host/code-host.js";
import { RACY_MS, type IndexSnapshots } from "../cli/index-snapshots.js";
import type { RepositoryIndex } from "../retrieval/index/index-repository.js";
import type { SourceFile } from "../retrieval/types.js";

/**
 * Index snapshots with the last whole index held in memory, found again by
 * the tree stamp or the listing it was found or built by: a server that
 * answers call after call stamps the checkout (one `git ls-files`, or a
 * listing with a stat per file) and, while nothing changed, uses the index
 * it holds, where `askcode ask` loads it from disk each time. Any edit
 * changes the stamps, so an edited checkout is indexed again (re-deriving
 * only what changed, through `kept`'s cache). The same trust rule as the
 * kept snapshots: a stamp with a file changed within the last `RACY_MS` is
 * never held, as it could miss a change.
 *
 * Returns a function that puts the memory in front of the kept snapshots
 * of the cache directory as opened now (none with `--no-cache`, or when
 * the sources run without a build id: then the memory is all there is);
 * every such view shares the one index held, so opening the caches anew
 * keeps it.
 *
 * @example
 * const holding = holdLastIndex();
 * await indexCheckout(reader, { ...caches, snapshots: holding(caches.snapshots), now }); // a second call with no edit: no file read
 */
export function holdLastIndex(
  deps: { now?: () => number } = {},
): (kept: IndexSnapshots | undefined) => IndexSnapshots {
  const now = deps.now ?? Date.now;
  // The index held, under the keys of the listings and tree stamps it was
  // found or made by.
  let held: { keys: Set<string>; index: RepositoryIndex } | undefined;
  // The last index found or made, with the files it was asked for, for
  // `noteListing` and `noteTree` to hold.
  let found:
    { files: readonly SourceFile[]; index: RepositoryIndex } | undefined;
  const hold = (key: string | undefined, index: RepositoryIndex) => {
    if (held?.index !== index) held = undefined;
    if (key === undefined) return;
    held ??= { keys: new Set(), index };
    held.keys.add(key);
  };
  const heldBy = (key: string | undefined) =>
    key !== undefined && held?.keys.has(key) ? held.index : undefined;
  const foundFor = (files: readonly SourceFile[]) =>
    found?.files === files ? found.index : undefined;
  const byListing = (listing: readonly TreeEntry[]) =>
    listingKey(listing, now() - RACY_MS);
  const byTree = (stamp: DiskStamp) =>
    stamp.changedAtMs < now() - RACY_MS ? `tree\0${stamp.key}` : undefined;
  return (kept) => ({
    async getByListing(listing) {
      const key = byListing(listing);
      const index = heldBy(key) ?? (await kept?.getByListing(listing));
      if (index) hold(key, index);
      found = index ? { files: index.files, index } : undefined;
      return index;
    },
    async getByTree(stamp) {
      const key = byTree(stamp);
      const index = heldBy(key) ?? (await kept?.getByTree(stamp));
      if (index) hold(key, index);
      found = index ? { files: index.files, index } : undefined;
      return index;
    },
    async get(files) {
      const index = await kept?.get(files);
      found = index ? { files, index } : undefined;
      return index;
    },
    async put(files, index, listing) {
      found = { files, index };
      hold(listing && byListing(listing), index);
      await kept?.put(files, index, listing);
    },
    async noteListing(files, listing) {
      const index = foundFor(files);
      if (index) hold(byListing(listing), index);
      await kept?.noteListing(files, listing);
    },
    async noteTree(files, stamp) {
      const index = foundFor(files);
      if (index) hold(byTree(stamp), index);
      await kept?.noteTree(files, stamp);
    },
  });
}

/** Every file's path, size and content or stamp; undefined when one is unnamed or changed after `trustedBefore`. */
function listingKey(
  listing: readonly TreeEntry[],
  trustedBefore: number,
): string | undefined {
  const parts: string[] = [];
  for (const entry of listing) {
    if (entry.type === "dir") continue;
    if (entry.sha === undefined && entry.stamp === undefined) return undefined;
    if (entry.sha === undefined && entry.stamp!.changedAtMs >= trustedBefore)
      return undefined;
    parts.push(
      `${entry.path}\0${entry.type}\0${entry.size ?? ""}\0${entry.sha ?? entry.stamp!.key}`,
    );
  }
  return parts.join("\n");
}
