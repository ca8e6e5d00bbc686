import { DEFAULT_READ_LIMITS } from "../code-host.js";
import type { FileSource } from "../file-set/file-source.js";
import { mapRequestError } from "./map-request-error.js";
import { repoName, type GitHubRepoContext } from "./repo-context.js";
import { responseBytes } from "./response-body.js";
import { unpackTarball } from "./unpack-tarball.js";

/** A repository at one commit, unpacked in memory: a `FileSource` for `createFileSetReader`. */
export interface TarballSnapshot extends FileSource {
  readonly sha: string;
  /** Bytes of file content held in memory. */
  readonly bytes: number;
  /** Files listed but not held: over the per-file size limit. Read them through the API. */
  readonly skipped: ReadonlySet<string>;
}

export interface LoadTarballSnapshotOptions {
  ctx: GitHubRepoContext;
  /** The commit (a full SHA, so the archive is the one everything else reads). */
  sha: string;
  /** Cap on the decompressed archive (default 50 MB); over it, loading fails with `SnapshotTooLargeError`. */
  maxBytes?: number;
  /** Files larger than this are listed without their bytes (default 1 MB, as reads). */
  maxFileBytes?: number;
}

/** Default cap on a snapshot's decompressed size. */
export const DEFAULT_SNAPSHOT_MAX_BYTES = 50 * 1024 * 1024;

/**
 * Downloads the repository at one commit in one request and unpacks it in
 * memory. `GET /repos/{owner}/{repo}/tarball/{ref}` answers 302 with a
 * `codeload.github.com` URL that fetch follows (and, the origin being
 * another, without our `Authorization` header); the body is the gzipped
 * archive. It bypasses the response cache (`cache: false`): the parsed
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
      { cache: false },
    ));
  } catch (error) {
    throw mapRequestError(error, `downloading the archive of ${sha}`);
  }
  const unpacked = await unpackTarball(responseBytes(body), {
    label,
    maxBytes: options.maxBytes ?? DEFAULT_SNAPSHOT_MAX_BYTES,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_READ_LIMITS.maxFileBytes,
  });
  return {
    label,
    sha,
    bytes: unpacked.keptBytes,
    skipped: unpacked.skipped,
    listFiles: async () => unpacked.entries.map((entry) => ({ ...entry })),
    readBytes: async (path) => unpacked.files.get(path),
  };
}
