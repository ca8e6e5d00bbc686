import type { SkipReason } from "../../policy/file-filters.js";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar, { type Header } from "tar-stream";
import { AskcodeError } from "../../shared/errors.js";
import { normalizeRepoPath } from "../../shared/repo-path.js";
import type { FileSourceEntry } from "../file-set/file-source.js";
import { formatBytes } from "../file-set/format-bytes.js";

/** The text kept from the tarball went over its byte cap; nothing of it is kept. */
export class SnapshotTooLargeError extends AskcodeError {
  constructor(
    readonly label: string,
    readonly maxKeptBytes: number,
  ) {
    super(
      `The snapshot ${label} holds more than ${formatBytes(maxKeptBytes)} of text retrieval reads, the snapshot cap.`,
    );
  }
}

/** One entry as tar-stream yields it (its `Source` type is not exported). */
interface TarEntry extends AsyncIterable<unknown> {
  header: Header;
  resume(): unknown;
}

export interface UnpackOptions {
  /** Names the archive in errors. */
  label: string;
  /** Abort when the bytes kept pass this many (what is dropped does not count). */
  maxKeptBytes: number;
  /** Whether to keep a file's bytes, from its path and size alone; a file not kept is drained unread. */
  keep: (path: string, size: number) => boolean;
  /** Why not to keep a file once its bytes are in ("binary": a NUL byte, "minified" lines), or undefined to keep it. */
  skipText: (text: string) => SkipReason | undefined;
  /** Told the bytes of every file `keep` accepted, kept as text or not (the blob store caches them). */
  onRead?: (path: string, bytes: Buffer) => void;
}

export interface UnpackedTarball {
  entries: FileSourceEntry[];
  files: Map<string, Buffer>;
  /** Files listed whose bytes were not kept (`keep` or `skipText` said no). */
  skipped: Set<string>;
  /** Of those, the ones `skipText` judged, with its reason. */
  skippedByText: Map<string, SkipReason>;
  /** Bytes of file content kept in memory. */
  keptBytes: number;
  /** Bytes the archive decompressed to (tar headers included). */
  unpackedBytes: number;
}

/**
 * Unpacks a gzipped tarball as GitHub (git archive) builds it, as a stream,
 * keeping only the files `keep` and `keepText` accept: the top-level
 * `<owner>-<repo>-<short sha>/` directory is stripped, pax and GNU long-name
 * headers are applied (tar-stream does that), symlinks are kept as entries
 * with their targets, directories are dropped (a file set derives them), and
 * every other file is listed, its bytes drained without being buffered.
 * Entries whose path would leave the repository are skipped. The cap counts
 * kept bytes only, so 200 MB of images cost time, not memory; passing it
 * aborts with `SnapshotTooLargeError`. A cut, corrupt or non-gzip body fails
 * with an `AskcodeError`: never a partial result.
 *
 * @example
 * const { entries, files } = await unpackTarball(gzipBytes, { label: "octo/hello@7fd1a60", maxKeptBytes: 50 << 20, keep: snapshotKeeps, skipText: skipReasonForText });
 */
export async function unpackTarball(
  gzipped: Uint8Array | AsyncIterable<Uint8Array>,
  options: UnpackOptions,
): Promise<UnpackedTarball> {
  const result: UnpackedTarball = {
    entries: [],
    files: new Map(),
    skipped: new Set(),
    skippedByText: new Map(),
    keptBytes: 0,
    unpackedBytes: 0,
  };
  const gunzip = createGunzip();
  gunzip.on("data", (chunk: Buffer) => {
    result.unpackedBytes += chunk.length;
  });
  const extract = tar.extract();
  const feeding = pipeline(
    gzipped instanceof Uint8Array
      ? Readable.from([gzipped])
      : Readable.from(gzipped),
    gunzip,
    extract,
  );
  // The loop sees a failure anywhere in the pipeline through the extract stream.
  feeding.catch(() => {});
  try {
    for await (const entry of extract) await take(entry, result, options);
    await feeding;
  } catch (error) {
    if (error instanceof SnapshotTooLargeError) throw error;
    // zlib's errors come from another realm under jest's VM: read the message, not the class.
    const reason =
      typeof error === "object" && error !== null && "message" in error
        ? String(error.message)
        : String(error);
    throw new AskcodeError(
      `Could not unpack the snapshot ${options.label}: ${reason}.`,
      { cause: error },
    );
  }
  return result;
}

async function take(
  entry: TarEntry,
  result: UnpackedTarball,
  options: UnpackOptions,
): Promise<void> {
  const { header } = entry;
  const path = repositoryPath(header.name);
  const size = header.size ?? 0;
  if (path !== undefined && header.type === "symlink") {
    const target = header.linkname ?? "";
    result.entries.push({
      path,
      type: "symlink",
      size: Buffer.byteLength(target),
      target,
    });
  } else if (
    path !== undefined &&
    (header.type === "file" || header.type === "contiguous-file")
  ) {
    result.entries.push({ path, type: "file", size });
    if (options.keep(path, size)) {
      // The header says how many bytes follow, so the cap stops before they are read.
      if (result.keptBytes + size > options.maxKeptBytes)
        throw new SnapshotTooLargeError(options.label, options.maxKeptBytes);
      const bytes = await collect(entry);
      options.onRead?.(path, bytes);
      const skip = options.skipText(bytes.toString("utf8"));
      if (skip === undefined) {
        result.files.set(path, bytes);
        result.keptBytes += bytes.length;
      } else {
        result.skipped.add(path);
        result.skippedByText.set(path, skip);
      }
      return;
    }
    result.skipped.add(path);
  }
  entry.resume(); // directories, files not kept and anything else: drain and move on
}

/** The path inside the repository: without the archive's top directory, normalised, or undefined. */
function repositoryPath(name: string): string | undefined {
  const slash = name.indexOf("/");
  if (slash === -1) return undefined;
  try {
    const path = normalizeRepoPath(name.slice(slash + 1));
    return path === "" ? undefined : path;
  } catch {
    return undefined; // "..", an absolute path or a NUL inside an archive: not ours to read
  }
}

async function collect(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // tar-stream yields Buffers; its types say unknown.
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
