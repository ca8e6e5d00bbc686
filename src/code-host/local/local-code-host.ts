import { resolve } from "node:path";
import { LRUCache } from "lru-cache";
import type {
  DiskStamp,
  CodeHost,
  CodeReader,
  ReadLimits,
  ResolvedRef,
} from "../code-host.js";
import {
  ConfigError,
  EmptyRepositoryError,
  RefNotFoundError,
} from "../../shared/errors.js";
import { assertDirectory } from "./assert-directory.js";
import {
  createFileSetReader,
  type Decoded,
} from "../file-set/file-set-reader.js";
import type { StampedValues } from "../file-set/stamped-values.js";
import type { FileSource, FileSourceEntry } from "../file-set/file-source.js";
import {
  detectRepository,
  type DetectedRepository,
} from "./detect-repository.js";
import { createDirectoryFileSource } from "./directory-file-source.js";
import { createGitCatFile } from "./git-cat-file.js";
import { createGitFileSource } from "./git-file-source.js";
import { currentBranch } from "./current-branch.js";
import { revParseCommit } from "./rev-parse-commit.js";
import { runGit } from "./run-git.js";
import {
  startCheckoutReads,
  type CheckoutReads,
} from "./start-checkout-reads.js";
import { workingTreeStamp, type TakenStamp } from "./working-tree-stamp.js";
import { createGitLineHistory } from "./git-line-history.js";
import { rememberedLineHistory } from "../remembered-line-history.js";

export interface LocalCodeHostOptions {
  /** A checkout, a bare repository, or any directory. */
  root: string;
  limits?: Partial<ReadLimits>;
  /** The working tree's files decoded by earlier hosts of the same directory, by stamp (`askcode mcp`'s session). */
  stampedTexts?: StampedValues<Decoded>;
  /** The working tree's listings made by earlier hosts of the same directory, by the tree's stamp. */
  stampedListings?: StampedValues<FileSourceEntry[]>;
  /**
   * Git's first answers for `root`, asked before the host was made
   * (`startCheckoutReads`, as `askcode ask` does before loading retrieval):
   * the first `resolveRef()` and the working tree's first stamp take them
   * instead of asking again. Ignored when asked in another directory.
   */
  early?: CheckoutReads;
}

/** A `CodeHost` over a local directory; `close()` ends the git process it may have started. */
export interface LocalCodeHost extends CodeHost {
  close(): Promise<void>;
}

/** The SHA of a directory that is not a git repository, or of a checkout with no commits yet. */
export const WORKING_TREE_SHA = "working-tree";

// Readers of past commits kept for reuse; each holds its own text cache.
const MAX_COMMIT_READERS = 4;

/**
 * A `CodeHost` over a directory on disk, for `askcode ask` and the evaluation.
 *
 * - `resolveRef()` in a checkout gives HEAD's SHA, and `at()` that SHA reads
 *   the working tree, uncommitted edits included: what a user asking about
 *   their checkout expects. Outside git, the SHA is "working-tree".
 * - `resolveRef(ref)` (a checkout or a bare repository) gives the ref's commit,
 *   and `at()` it reads that commit from git's objects, not the working tree.
 *   `at()` sees only a SHA, so once `resolveRef()` has run, a ref naming the
 *   same commit as HEAD reads the working tree too.
 *
 * Throws `ConfigError` at once when `root` is not a directory, and from
 * `resolveRef(ref)` when git refuses the repository (owned by another user:
 * the message names git's reason and the `safe.directory` fix).
 *
 * @example
 * const host = createLocalCodeHost({ root: "." });
 * const { sha } = await host.resolveRef();
 * const file = await host.at(sha).readFile("package.json");
 * await host.close();
 */
export function createLocalCodeHost(
  options: LocalCodeHostOptions,
): LocalCodeHost {
  const root = resolve(options.root);
  assertDirectory(root);
  const limits = options.limits;
  const objects = createGitCatFile({ cwd: root });
  // Git's first answers, each taken once: later calls ask git anew, as the
  // checkout may have moved since.
  let early = options.early?.root === root ? options.early : undefined;
  let earlyStamp: Promise<TakenStamp | undefined> | undefined;
  let detected: Promise<DetectedRepository> | undefined = early?.detected;
  const repository = () => (detected ??= detectRepository(root));
  const repositoryKind = async () => (await repository()).kind;
  // The SHA that `resolveRef()` gave for the working tree; `at()` maps it back.
  let workingTreeSha = WORKING_TREE_SHA;
  let workingTreeReader: CodeReader | undefined;
  const commitReaders = new LRUCache<string, CodeReader>({
    max: MAX_COMMIT_READERS,
  });

  async function resolveRef(ref?: string): Promise<ResolvedRef> {
    if (ref === undefined) {
      // Asked at once (each git costs its start, about 5 ms), with the
      // working tree's stamp, which its reader takes first: outside a
      // repository the last three fail, unread.
      const reads = early ?? (detected ? undefined : startCheckoutReads(root));
      early = undefined;
      if (reads) {
        detected ??= reads.detected;
        earlyStamp = reads.stamp;
      }
      const [{ kind }, branch, head] = await Promise.all([
        repository(),
        reads?.branch ?? currentBranch(root),
        reads?.head ?? revParseCommit(root, "HEAD"),
      ]);
      if (kind === "none")
        return { sha: WORKING_TREE_SHA, ref: WORKING_TREE_SHA };
      if (head === undefined && kind === "git-dir")
        throw new EmptyRepositoryError();
      // A work tree reads from disk, so it is served even before its first commit.
      if (kind === "work-tree") workingTreeSha = head ?? WORKING_TREE_SHA;
      return {
        sha: head ?? WORKING_TREE_SHA,
        ref: branch ?? "HEAD",
        ...(branch ? { defaultBranch: branch } : {}),
      };
    }
    const { kind, refused } = await repository();
    // Git's own reason, when it refused the repository, is the one to fix.
    if (refused) throw new ConfigError(refused);
    if (kind === "none") {
      const error = new RefNotFoundError(ref);
      error.message += ` ${root} is not a git repository, so only its files on disk can be read: ask without a ref.`;
      throw error;
    }
    const sha = await revParseCommit(root, ref);
    if (sha === undefined) throw new RefNotFoundError(ref);
    const branch = await currentBranch(root);
    return { sha, ref, ...(branch ? { defaultBranch: branch } : {}) };
  }

  function at(sha: string): CodeReader {
    if (sha === workingTreeSha || sha === WORKING_TREE_SHA) {
      // A new reader when the SHA changes ("working-tree", then HEAD's once
      // resolveRef() has run), so that `reader.sha` is always the one asked for.
      if (workingTreeReader?.sha !== sha) {
        const source = workingTreeSource(sha);
        workingTreeReader = withHistory(
          createFileSetReader({
            sha,
            source,
            limits,
            ...(options.stampedTexts
              ? { stampedTexts: options.stampedTexts }
              : {}),
          }),
          undefined,
        );
      }
      return workingTreeReader;
    }
    // Only SHAs reach git here; names are for resolveRef (and "-x" could pass for an option).
    if (!/^[0-9a-f]{7,64}$/i.test(sha)) throw new RefNotFoundError(sha);
    let reader = commitReaders.get(sha);
    if (!reader) {
      reader = withHistory(
        createFileSetReader({ sha, source: commitSource(sha), limits }),
        sha,
      );
      commitReaders.set(sha, reader);
    }
    return reader;
  }

  // The stamp taken with HEAD, for the working tree's first: once.
  function takeEarlyStamp() {
    const stamp = earlyStamp;
    earlyStamp = undefined;
    return stamp;
  }

  // The working tree's history is blamed with its edits (`commit`
  // undefined), so its line numbers are the ones the reader serves; a
  // directory outside git has none to give.
  function withHistory(reader: CodeReader, commit: string | undefined) {
    const blame = createGitLineHistory({ root, ...(commit && { commit }) });
    const lineHistory = rememberedLineHistory(async (path, start, end) => {
      if ((await repositoryKind()) === "none")
        return {
          path,
          startLine: start,
          endLine: end,
          ranges: [],
          limits: [
            `${root} is not a git repository: its files have no history.`,
          ],
        };
      return blame(path, start, end);
    });
    return { ...reader, lineHistory };
  }

  // A bare repository has no working tree: its directory holds git's own
  // files (config may hold credentials), which are never served as code.
  function workingTreeSource(sha: string): FileSource {
    return deferredSource(`directory:${root}`, async () => {
      if ((await repositoryKind()) === "git-dir")
        throw new RefNotFoundError(sha);
      // The paths git listed with the last stamp, for the listing that
      // follows a stamp that found no kept index: one git call for both.
      let stamped: readonly string[] | undefined;
      // The tree's stamp as this reader last took it, for a listing kept by it.
      let lastStamp: DiskStamp | undefined;
      const treeStamp = async () => {
        const taken = await (takeEarlyStamp() ?? workingTreeStamp(root));
        stamped = taken?.paths;
        lastStamp = taken?.stamp;
        return taken?.stamp;
      };
      const source = createDirectoryFileSource({
        root,
        listPaths: async () => {
          const paths =
            stamped ??
            (await takeEarlyStamp())?.paths ??
            (await gitWorkingTreePaths(root));
          stamped = undefined;
          return paths;
        },
        treeStamp,
      });
      const listings = options.stampedListings;
      if (!listings) return source;
      return {
        ...source,
        // The stamp costs no git call of its own: the paths it lists are
        // the listing's. Kept listings spare an lstat per file.
        listFiles: async () =>
          (await listings.obtain(
            "",
            lastStamp ?? (await treeStamp()),
            source.listFiles,
          )) ?? [],
      };
    });
  }

  // Checks that `root` is a repository before asking git for the commit's tree,
  // so that a subdirectory of some other checkout is never read as this one.
  function commitSource(sha: string): FileSource {
    return deferredSource(`git:${root}@${sha.slice(0, 12)}`, async () => {
      if ((await repositoryKind()) === "none") throw new RefNotFoundError(sha);
      return createGitFileSource({ repository: root, commit: sha, objects });
    });
  }

  return {
    label: `local:${root}`,
    resolveRef,
    at,
    close: () => objects.close(),
  };
}

/** A source decided on first use: `at()` is synchronous, but knowing what `root` is takes a git call. */
function deferredSource(
  label: string,
  load: () => Promise<FileSource>,
): FileSource {
  let source: Promise<FileSource> | undefined;
  const get = () => (source ??= load());
  return {
    label,
    listFiles: async () => (await get()).listFiles(),
    treeStamp: async () => (await get()).treeStamp?.(),
    readBytes: async (path) => (await get()).readBytes(path),
  };
}

/**
 * What git status sees in a work tree: tracked files and untracked ones no
 * ignore rule (including the user's global excludes) keeps out; undefined
 * when git cannot say. Git answers from its index in about 12 ms where
 * walking pylint's 877 directories took about 60.
 */
async function gitWorkingTreePaths(
  root: string,
): Promise<string[] | undefined> {
  const { code, stdout } = await runGit(root, [
    "ls-files",
    "-z",
    "--cached",
    "--others",
    "--exclude-standard",
  ]);
  if (code !== 0) return undefined;
  return stdout
    .toString("utf8")
    .split("\0")
    .filter((path) => path !== "");
}
