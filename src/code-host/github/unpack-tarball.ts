import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar, { type Header } from "tar-stream";
import { AskcodeError } from "../../shared/errors.js";
import { normalizeRepoPath } from "../../shared/repo-path.js";
import type { FileSourceEntry } from "../file-set/file-source.js";
import { formatBytes } from "../file-set/format-bytes.js";

/** The unpacked tarball went over its byte cap; nothing of it is kept. */
export class SnapshotTooLargeError extends AskcodeError {
  constructor(
    readonly label: string,
    readonly maxBytes: number,
  ) {
    super(
      `The snapshot ${label} unpacks to more than ${formatBytes(maxBytes)}, the snapshot cap.`,
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
  /** Abort when the decompressed archive passes this many bytes. */
  maxBytes: number;
  /** Files larger than this are listed but their bytes are not kept. */
  maxFileBytes: number;
}

export interface UnpackedTarball {
  entries: FileSourceEntry[];
  files: Map<string, Buffer>;
  /** Paths listed whose bytes were not kept (over `maxFileBytes`). */
  skipped: Set<string>;
  /** Bytes of file content kept in memory. */
  keptBytes: number;
  /** Bytes the archive decompressed to (tar headers included). */
  unpackedBytes: number;
}

/**
 * Unpacks a gzipped tarball as GitHub (git archive) builds it, in memory:
 * the top-level `<owner>-<repo>-<short sha>/` directory is stripped, pax and
 * GNU long-name headers are applied (tar-stream does that), symlinks are
 * kept as entries with their targets, directories are dropped (a file set
 * derives them), and files over `maxFileBytes` are listed without their
 * bytes. Entries whose path would leave the repository are skipped. Passing
 * `maxBytes` of decompressed data aborts with `SnapshotTooLargeError`, so a
 * small download that inflates enormously costs nothing but the attempt.
 *
 * @example
 * const { entries, files } = await unpackTarball(gzipBytes, { label: "octo/hello@7fd1a60", maxBytes: 50 << 20, maxFileBytes: 1 << 20 });
 */
export async function unpackTarball(
  gzipped: Uint8Array,
  options: UnpackOptions,
): Promise<UnpackedTarball> {
  const result: UnpackedTarball = {
    entries: [],
    files: new Map(),
    skipped: new Set(),
    keptBytes: 0,
    unpackedBytes: 0,
  };
  let overCap = false;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      result.unpackedBytes += chunk.length;
      overCap = result.unpackedBytes > options.maxBytes;
      if (overCap)
        callback(new SnapshotTooLargeError(options.label, options.maxBytes));
      else callback(null, chunk);
    },
  });
  const extract = tar.extract();
  const feeding = pipeline(
    Readable.from([gzipped]),
    createGunzip(),
    cap,
    extract,
  );
  try {
    // The loop sees a failure anywhere in the pipeline through the extract stream.
    feeding.catch(() => {});
    for await (const entry of extract) await take(entry, result, options);
    await feeding;
  } catch (error) {
    // Whichever stream noticed first, the cause was the cap.
    if (overCap)
      throw new SnapshotTooLargeError(options.label, options.maxBytes);
    const reason = error instanceof Error ? error.message : String(error);
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
    if (size > options.maxFileBytes) {
      result.skipped.add(path);
    } else {
      const bytes = await collect(entry);
      result.files.set(path, bytes);
      result.keptBytes += bytes.length;
      return;
    }
  }
  entry.resume(); // directories, skipped files and anything else: drain and move on
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
