import type { SkipReason } from "../../policy/file-filters.js";
import type { FileSource } from "../file-set/file-source.js";
import { DEFAULT_SNAPSHOT_MAX_BYTES } from "./default-snapshot-max-bytes.js";
import { mapRequestError } from "./map-request-error.js";
import { repoName, type GitHubRepoContext } from "./repo-context.js";
import {
  snapshotKeeps,
  snapshotTextSkip,
  type KeepRule,
} from "./snapshot-fits.js";
import { unpackTarball } from "./unpack-tarball.js";

/** A repository at one commit, unpacked in memory: a `FileSource` for `createFileSetReader`. */
export interface TarballSnapshot extends FileSource {
  readonly sha: string;
  /** Bytes of file content held in memory: the text retrieval reads. */
  readonly bytes: number;
  /** Files listed but not held (binary, data, vendored, generated, minified, too large…). Read them through the API. */
  readonly skipped: ReadonlySet<string>;
  /** Of those, the files whose bytes were read and judged not to be text retrieval reads, with why ("binary", "minified"). */
  readonly skippedByText: ReadonlyMap<string, SkipReason>;
}

export interface LoadTarballSnapshotOptions {
  ctx: GitHubRepoContext;
  /** The commit (a full SHA, so the archive is the one everything else reads). */
  sha: string;
  /** Cap on the text kept (default `DEFAULT_SNAPSHOT_MAX_BYTES`); over it, loading fails with `SnapshotTooLargeError`. */
  maxBytes?: number;
  /** Told the bytes of every file the snapshot read (see `UnpackOptions.onRead`). */
  onRead?: (path: string, bytes: Buffer) => void;
  /** Which files to keep (default `snapshotKeeps`). */
  keep?: KeepRule;
}

/**
 * Downloads the repository at one commit in one request and unpacks it in
 * memory, keeping the bytes of the files retrieval reads (`snapshotKeeps`,
 * then `skipReasonForText`) and only listing the rest. `GET /repos/{owner}/{repo}/tarball/{ref}` answers 302 with a
 * `codeload.github.com` URL that fetch follows (and, the origin being
 * another, without our `Authorization` header); the body is the gzipped
 * archive, unpacked as it streams in (`stream: true`). It bypasses the response cache (`cache: false`): the parsed
 * snapshot is what is worth keeping, and `createSnapshotCache` keeps it.
 * See https://docs.github.com/en/rest/repos/contents#download-a-repository-archive-tar
 *
 * @example
 * const snapshot = await loadTarballSnapshot({ ctx, sha });
 * const reader = createFileSetReader({ sha, source: snapshot });
 */
export async function loadTarballSnapshot(
  options: LoadTarballSnapshotOptions,
): Promise<TarballSnapshot> {
  const { ctx, sha } = options;
  const label = `tarball:${repoName(ctx)}@${sha.slice(0, 7)}`;
  let body: unknown;
  try {
    ({ data: body } = await ctx.api.get(
      (rest) => rest.repos.downloadTarballArchive,
      { owner: ctx.owner, repo: ctx.repo, ref: sha },
      { cache: false, stream: true },
    ));
  } catch (error) {
    throw mapRequestError(error, `downloading the archive of ${sha}`);
  }
  // Unpacked as it downloads: the gzipped archive is never held whole.
  const unpacked = await unpackTarball(body as AsyncIterable<Uint8Array>, {
    label,
    maxKeptBytes: options.maxBytes ?? DEFAULT_SNAPSHOT_MAX_BYTES,
    keep: options.keep ?? snapshotKeeps,
    skipText: snapshotTextSkip,
    ...(options.onRead ? { onRead: options.onRead } : {}),
  });
  return {
    label,
    sha,
    bytes: unpacked.keptBytes,
    skipped: unpacked.skipped,
    skippedByText: unpacked.skippedByText,
    listFiles: async () => unpacked.entries.map((entry) => ({ ...entry })),
    readBytes: async (path) => unpacked.files.get(path),
  };
}
