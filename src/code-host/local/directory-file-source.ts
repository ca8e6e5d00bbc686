import { lstat, readFile, readdir, readlink, realpath } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { InvalidPathError } from "../../shared/errors.js";
import { normalizeRepoPath } from "../../shared/repo-path.js";
import type { FileSource, FileSourceEntry } from "../file-set/file-source.js";
import { mapLimit } from "../file-set/map-limit.js";
import {
  isIgnored,
  parseIgnoreRules,
  type IgnoreRules,
} from "./gitignore-rules.js";

export interface DirectoryFileSourceOptions {
  /** The directory to read; the repository root. */
  root: string;
  /** Directory reads and stats in flight at once (default 32). */
  concurrency?: number;
}

// Never part of what a question is about, and often huge.
const SKIPPED_NAMES = new Set([".git", "node_modules"]);

/**
 * A `FileSource` over a directory on disk, as `git status` would see it:
 * `.git` and `node_modules` are skipped, as is anything that the root or a
 * nested `.gitignore`, or `.git/info/exclude`, ignores. Symlinks are listed
 * with their targets and never followed, and a read whose real path leaves the
 * root (through a symlinked parent directory) is refused.
 *
 * @example
 * const source = createDirectoryFileSource({ root: "/src/app" });
 * const entries = await source.listFiles(); // [{ path: "src/index.ts", type: "file", size: 812 }, …]
 */
export function createDirectoryFileSource(
  options: DirectoryFileSourceOptions,
): FileSource {
  const root = resolve(options.root);
  const concurrency = options.concurrency ?? 32;
  let realRoot: Promise<string> | undefined;

  async function listFiles(): Promise<FileSourceEntry[]> {
    const exclude = await readText(join(root, ".git", "info", "exclude"));
    const rootRules =
      exclude === undefined ? [] : [parseIgnoreRules("", exclude)];
    const found: Array<{ path: string; type: "file" | "symlink" }> = [];
    // Breadth-first, one level at a time, reading up to `concurrency` directories at once.
    let level = [{ path: "", rules: rootRules }];
    while (level.length > 0) {
      const next = await mapLimit(level, concurrency, async (dir) => {
        // A directory we may not read (permissions, or gone meanwhile) is skipped, not fatal.
        const dirents = await readdir(join(root, dir.path), {
          withFileTypes: true,
        }).catch(() => []);
        const ignoreFile = dirents.some(
          (d) => d.name === ".gitignore" && d.isFile(),
        )
          ? await readText(join(root, dir.path, ".gitignore"))
          : undefined;
        const rules =
          ignoreFile === undefined
            ? dir.rules
            : [...dir.rules, parseIgnoreRules(dir.path, ignoreFile)];
        const subdirectories: Array<{ path: string; rules: IgnoreRules[] }> =
          [];
        for (const dirent of dirents) {
          if (SKIPPED_NAMES.has(dirent.name)) continue;
          const path =
            dir.path === "" ? dirent.name : `${dir.path}/${dirent.name}`;
          const isDirectory = dirent.isDirectory();
          if (isIgnored(rules, path, isDirectory)) continue;
          if (isDirectory) subdirectories.push({ path, rules });
          else if (dirent.isSymbolicLink())
            found.push({ path, type: "symlink" });
          else if (dirent.isFile()) found.push({ path, type: "file" });
          // Sockets, FIFOs and devices are not source code.
        }
        return subdirectories;
      });
      level = next.flat();
    }
    const entries = await mapLimit(found, concurrency, (item) =>
      describe(item.path, item.type),
    );
    return entries.filter(
      (entry): entry is FileSourceEntry => entry !== undefined,
    );
  }

  // Size for files, target for symlinks; undefined when the file vanished meanwhile.
  async function describe(
    path: string,
    type: "file" | "symlink",
  ): Promise<FileSourceEntry | undefined> {
    try {
      const absolute = join(root, path);
      if (type === "file")
        return { path, type, size: (await lstat(absolute)).size };
      const target = await readlink(absolute);
      return { path, type, size: Buffer.byteLength(target), target };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async function readBytes(path: string): Promise<Buffer | undefined> {
    const relative = normalizeRepoPath(path);
    if (relative.split("/").some((segment) => SKIPPED_NAMES.has(segment)))
      return undefined;
    realRoot ??= realpath(root);
    let real: string;
    try {
      real = await realpath(join(root, relative));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    const base = await realRoot;
    if (real !== base && !real.startsWith(base + sep)) {
      throw new InvalidPathError(
        path,
        "it leads outside the repository through a symlink",
      );
    }
    try {
      return await readFile(real);
    } catch (error) {
      if (
        isNotFound(error) ||
        (error as NodeJS.ErrnoException).code === "EISDIR"
      )
        return undefined;
      throw error;
    }
  }

  return { label: `directory:${root}`, listFiles, readBytes };
}

async function readText(path: string): Promise<string | undefined> {
  return readFile(path, "utf8").catch(() => undefined);
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
