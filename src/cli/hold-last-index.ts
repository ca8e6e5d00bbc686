import type { TreeEntry } from "../code-host/code-host.js";
import { RACY_MS, type IndexSnapshots } from "../cli/index-snapshots.js";
import type { RepositoryIndex } from "../retrieval/index/index-repository.js";
import type { SourceFile } from "../retrieval/types.js";

/**
 * Index snapshots with the last whole index held in memory, found again by
 * the listing it was built from: a server that answers call after call
 * lists the checkout (a stat per file) and, while nothing changed, uses
 * the index it holds, where `askcode ask` loads it from disk each time.
 * Any edit changes a listed stamp, so an edited checkout is indexed again
 * (re-deriving only what changed, through `kept`'s cache). The same trust
 * rule as the kept snapshots: a listing with a file changed within the
 * last `RACY_MS` is never held, as its stamp could miss a change.
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
  let held: { key: string; index: RepositoryIndex } | undefined;
  // The index `get` found by its files, for `noteListing` to hold.
  let found:
    { files: readonly SourceFile[]; index: RepositoryIndex } | undefined;
  const hold = (listing: readonly TreeEntry[], index: RepositoryIndex) => {
    const key = listingKey(listing, now() - RACY_MS);
    held = key === undefined ? undefined : { key, index };
  };
  return (kept) => ({
    async getByListing(listing) {
      const key = listingKey(listing, now() - RACY_MS);
      if (key !== undefined && held?.key === key) return held.index;
      const index = await kept?.getByListing(listing);
      if (index) hold(listing, index);
      return index;
    },
    async get(files) {
      const index = await kept?.get(files);
      found = index ? { files, index } : undefined;
      return index;
    },
    async put(files, index, listing) {
      if (listing) hold(listing, index);
      await kept?.put(files, index, listing);
    },
    async noteListing(files, listing) {
      if (found?.files === files) hold(listing, found.index);
      await kept?.noteListing(files, listing);
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
