import type { SkipReason } from "../../policy/file-filters.js";
import type { TreeEntry, TreeListing } from "../code-host.js";
import type { FileSourceEntry } from "../file-set/file-source.js";
import { mapLimit } from "../file-set/map-limit.js";
import { getGitHubBlob } from "./get-blob.js";
import type { KeptTextStore } from "./kept-text-store.js";
import { repoName, type GitHubRepoContext } from "./repo-context.js";
import {
  estimateKeptBytes,
  snapshotKeeps,
  type KeepRule,
  snapshotTextSkip,
} from "./snapshot-fits.js";
import { DEFAULT_SNAPSHOT_MAX_BYTES } from "./default-snapshot-max-bytes.js";
import {
  loadTarballSnapshot,
  type TarballSnapshot,
} from "./tarball-snapshot.js";

/**
 * Blob requests one snapshot may make instead of a tarball. The tarball is
 * one request (and one redirect) for the whole commit, gzipped; a blob is
 * one request per file, base64 (a third larger), each counting against the
 * installation's 5,000 requests an hour. Eight in flight, 50 blobs are about
 * seven round trips (1-2 s on a slow link), about what the tarball of a
 * mid-sized repository takes to download and unpack; past that the tarball
 * is cheaper in time and far cheaper in rate limit.
 */
export const MAX_BLOB_FETCHES = 50;

/**
 * Bytes of text the blob fetches of one snapshot may bring. Base64 of
 * source is about 1.33 of its size where the gzipped tarball is about a
 * quarter: past a few MB of changed text, one tarball moves fewer bytes.
 */
export const MAX_BLOB_FETCH_BYTES = 4 * 1024 * 1024;

// Blob requests in flight at once: GitHub asks integrations not to flood
// it with concurrent requests; eight keep a slow link busy.
const BLOB_FETCHES_IN_FLIGHT = 8;
// Store reads in flight at once: small files on a local disk.
const STORE_READS_IN_FLIGHT = 32;

/** How the snapshot's text came in, for logs and benchmarks. */
export interface CommitSnapshotOrigin {
  /** "store": store and blob requests only; "tarball": one archive download. */
  via: "store" | "tarball";
  /** Blobs read from the blob store. */
  fromStore: number;
  /** Blobs fetched one by one through the Git Blobs API. */
  fetched: number;
  /** Why the tarball was used, when it was. */
  why?: string;
}

/** A snapshot of one commit, and how it was filled. */
export interface CommitSnapshot extends TarballSnapshot {
  readonly origin: CommitSnapshotOrigin;
}

export interface LoadCommitSnapshotOptions {
  ctx: GitHubRepoContext;
  /** The commit (a full SHA). */
  sha: string;
  /** The commit's tree (`listGitHubTree`): what to keep, and each file's blob SHA. */
  tree: TreeListing;
  /** Cap on the text kept (default `DEFAULT_SNAPSHOT_MAX_BYTES`). */
  maxBytes?: number;
  /** Which files to keep (default `snapshotKeeps`; `keepingOutside` the configuration's excluded paths). */
  keep?: KeepRule;
  /** The blob store's text; without one, every snapshot is a tarball. */
  texts?: KeptTextStore;
  /** Why the store path gave way to the tarball (a blob that 404s, say). */
  log?: { warn(message: string): void };
}

/**
 * The in-memory snapshot of one commit, filled from the blob store first.
 * From the tree it takes the files a snapshot keeps (`snapshotKeeps`, the
 * same rule and cap as the tarball) and the symlinks, and reads each blob's
 * text from the store. When none are missing, that is the snapshot: the
 * commit cost the tree request alone. When a few are missing (at most
 * `MAX_BLOB_FETCHES`, `MAX_BLOB_FETCH_BYTES`, and less than half the
 * commit's blobs: a cold commit is one tarball, not hundreds of requests),
 * they are fetched through the Git Blobs API; when many are, or a blob
 * fetch fails (a 404 after a force-push), the tarball is downloaded as
 * before, whole. Either way the snapshot is the whole commit or an error,
 * never part of one. Every text read from GitHub is written behind to the
 * store under the blob SHA the tree gives its path (the tarball carries no
 * SHAs), when its bytes hash to that SHA.
 *
 * @example
 * const snapshot = await loadCommitSnapshot({ ctx, sha, tree: await listGitHubTree(ctx, sha), texts });
 * snapshot.origin // { via: "store", fromStore: 812, fetched: 3 }
 */
export async function loadCommitSnapshot(
  options: LoadCommitSnapshotOptions,
): Promise<CommitSnapshot> {
  const { ctx, sha, tree, texts } = options;
  const maxBytes = options.maxBytes ?? DEFAULT_SNAPSHOT_MAX_BYTES;
  const keep = options.keep ?? snapshotKeeps;
  const label = `commit:${repoName(ctx)}@${sha.slice(0, 7)}`;
  if (!texts) return viaTarball(options, maxBytes, "no blob store");
  if (tree.truncated)
    return viaTarball(options, maxBytes, "GitHub cut the tree");
  // Over the cap by the tree's sizes (snapshot mode "always" asks anyway):
  // the tarball counts what is really kept, and fails whole past the cap.
  if (estimateKeptBytes(tree, keep) > maxBytes)
    return viaTarball(
      options,
      maxBytes,
      "the tree lists more text than the cap",
    );

  const wanted = tree.entries.filter(
    (entry): entry is TreeEntry & { sha: string } =>
      entry.sha !== undefined &&
      (entry.type === "symlink" ||
        (entry.type === "file" && keep(entry.path, entry.size))),
  );
  const uniqueShas = [...new Set(wanted.map((entry) => entry.sha))];
  const stored = await mapLimit(uniqueShas, STORE_READS_IN_FLIGHT, (blob) =>
    texts.read(blob),
  );
  const bytesBySha = new Map<string, Buffer>();
  const missing: { sha: string; size: number }[] = [];
  const sizes = new Map(wanted.map((entry) => [entry.sha, entry.size ?? 0]));
  uniqueShas.forEach((blob, index) => {
    const bytes = stored[index];
    if (bytes) bytesBySha.set(blob, bytes);
    else missing.push({ sha: blob, size: sizes.get(blob) ?? 0 });
  });
  const fromStore = bytesBySha.size;

  const tooMany = tarballIsCheaper(missing, uniqueShas.length);
  if (tooMany) return viaTarball(options, maxBytes, tooMany);
  try {
    await mapLimit(missing, BLOB_FETCHES_IN_FLIGHT, async (blob) => {
      const bytes = await getGitHubBlob(ctx, blob.sha);
      bytesBySha.set(blob.sha, bytes);
      texts.keep(blob.sha, bytes);
    });
  } catch (error) {
    const why = `a blob fetch failed (${messageOf(error)})`;
    options.log?.warn(
      `Snapshot of ${repoName(ctx)}@${sha.slice(0, 7)}: ${why}; downloading the tarball instead.`,
    );
    return viaTarball(options, maxBytes, why);
  }
  return fromBlobs(label, sha, tree, keep, bytesBySha, {
    via: "store",
    fromStore,
    fetched: missing.length,
  });
}

/** Why one tarball beats fetching `missing` blob by blob, or undefined when it does not. */
function tarballIsCheaper(
  missing: readonly { size: number }[],
  blobs: number,
): string | undefined {
  if (missing.length === 0) return undefined;
  if (missing.length > MAX_BLOB_FETCHES)
    return `${missing.length} blobs are not in the store (over ${MAX_BLOB_FETCHES})`;
  if (missing.length * 2 > blobs)
    return `${missing.length} of the commit's ${blobs} blobs are not in the store`;
  const bytes = missing.reduce((sum, blob) => sum + blob.size, 0);
  if (bytes > MAX_BLOB_FETCH_BYTES)
    return `the blobs not in the store hold ${bytes} bytes (over ${MAX_BLOB_FETCH_BYTES})`;
  return undefined;
}

function fromBlobs(
  label: string,
  sha: string,
  tree: TreeListing,
  keep: KeepRule,
  bytesBySha: ReadonlyMap<string, Buffer>,
  origin: CommitSnapshotOrigin,
): CommitSnapshot {
  const entries: FileSourceEntry[] = [];
  const files = new Map<string, Buffer>();
  const skipped = new Set<string>();
  const skippedByText = new Map<string, SkipReason>();
  let bytes = 0;
  for (const entry of tree.entries) {
    if (entry.type !== "file" && entry.type !== "symlink") continue;
    const content = entry.sha ? bytesBySha.get(entry.sha) : undefined;
    const known = entry.sha ? { sha: entry.sha } : {};
    if (entry.type === "symlink") {
      if (!content) throw notLoaded(label, entry);
      const target = content.toString("utf8");
      entries.push({
        path: entry.path,
        type: "symlink",
        size: content.length,
        target,
        ...known,
      });
      continue;
    }
    if (!keep(entry.path, entry.size)) {
      // Listed, not held: read through the API if anything asks (as from a tarball).
      entries.push({
        path: entry.path,
        type: "file",
        size: entry.size ?? 0,
        ...known,
      });
      skipped.add(entry.path);
      continue;
    }
    if (!content) throw notLoaded(label, entry);
    entries.push({
      path: entry.path,
      type: "file",
      size: content.length,
      ...known,
    });
    const skip = snapshotTextSkip(content);
    if (skip === undefined) {
      files.set(entry.path, content);
      bytes += content.length;
    } else {
      skipped.add(entry.path);
      skippedByText.set(entry.path, skip);
    }
  }
  return {
    label,
    sha,
    bytes,
    skipped,
    skippedByText,
    origin,
    listFiles: async () => entries.map((entry) => ({ ...entry })),
    readBytes: async (path) => files.get(path),
  };
}

// A guard for a bug in this file: every wanted blob was stored or fetched.
function notLoaded(label: string, entry: TreeEntry): Error {
  return new Error(
    `${label}: the blob of ${entry.path} was neither stored nor fetched`,
  );
}

/** The commit from one tarball, its texts written behind to the store under the tree's SHAs. */
async function viaTarball(
  options: LoadCommitSnapshotOptions,
  maxBytes: number,
  why: string,
): Promise<CommitSnapshot> {
  const { ctx, sha, tree, texts } = options;
  const shaOf = new Map(
    tree.entries.flatMap((entry) =>
      entry.sha ? [[entry.path, entry.sha] as const] : [],
    ),
  );
  // Written once the snapshot is held: queued during the unpack, the writes
  // slowed it by about half (npm run bench:commit-reads).
  const read: { path: string; bytes: Buffer }[] = [];
  const snapshot = await loadTarballSnapshot({
    ctx,
    sha,
    maxBytes,
    ...(options.keep ? { keep: options.keep } : {}),
    ...(texts ? { onRead: (path, bytes) => read.push({ path, bytes }) } : {}),
  });
  if (texts) {
    for (const entry of await snapshot.listFiles())
      if (entry.type === "symlink" && entry.target !== undefined)
        read.push({ path: entry.path, bytes: Buffer.from(entry.target) });
    for (const { path, bytes } of read) {
      const blob = shaOf.get(path);
      if (blob) texts.keep(blob, bytes);
    }
  }
  return {
    ...snapshot,
    origin: { via: "tarball", fromStore: 0, fetched: 0, why },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
