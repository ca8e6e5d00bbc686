import { RefNotFoundError } from "../../shared/errors.js";
import { normalizeRepoPath } from "../../shared/repo-path.js";
import type { FileSource, FileSourceEntry } from "../file-set/file-source.js";
import { mapLimit } from "../file-set/map-limit.js";
import type { GitCatFile } from "./git-cat-file.js";
import { runGit } from "./run-git.js";

export interface GitFileSourceOptions {
  /** A checkout or a bare repository (where git commands run). */
  repository: string;
  /** The commit to read (a full SHA from `git rev-parse`). */
  commit: string;
  /** Reads blobs; shared by every commit of one repository. */
  objects: GitCatFile;
}

// git's tree entry modes: https://git-scm.com/docs/git-fast-import#_filemodify
const SYMLINK_MODE = "120000";
const SUBMODULE_MODE = "160000";

/**
 * A `FileSource` over one commit of a git repository, read from its object
 * database without a checkout: the tree from `git ls-tree`, file contents
 * from a shared `git cat-file --batch`. Works the same on a working copy and a
 * bare mirror, and never touches the working tree or the index.
 *
 * @example
 * const objects = createGitCatFile({ cwd: repo });
 * const source = createGitFileSource({ repository: repo, commit: sha, objects });
 */
export function createGitFileSource(options: GitFileSourceOptions): FileSource {
  const { repository, commit, objects } = options;
  let tree: Promise<Map<string, FileSourceEntry>> | undefined;
  const loadTree = () => {
    tree ??= readTree(repository, commit, objects).catch((error: unknown) => {
      tree = undefined; // let a later call try again
      throw error;
    });
    return tree;
  };

  return {
    label: `git:${repository}@${commit.slice(0, 12)}`,
    async listFiles() {
      return [...(await loadTree()).values()];
    },
    async readBytes(path) {
      const entry = (await loadTree()).get(normalizeRepoPath(path));
      if (entry?.type !== "file" || !entry.sha) return undefined;
      return (await objects.read(entry.sha))?.bytes;
    },
  };
}

async function readTree(
  repository: string,
  commit: string,
  objects: GitCatFile,
): Promise<Map<string, FileSourceEntry>> {
  // -z: paths verbatim, NUL-separated; -l: blob sizes; --full-tree: from the root.
  const listed = await runGit(repository, [
    "ls-tree",
    "-r",
    "-l",
    "-z",
    "--full-tree",
    commit,
  ]);
  if (listed.code !== 0)
    throw new RefNotFoundError(commit, { cause: new Error(listed.stderr) });
  const entries = new Map<string, FileSourceEntry>();
  for (const record of listed.stdout.toString("utf8").split("\0")) {
    const tab = record.indexOf("\t");
    if (tab === -1) continue;
    // "<mode> <type> <sha> <size padded with spaces>\t<path>"
    const [mode, , sha = "", size = "0"] = record.slice(0, tab).split(/ +/);
    const path = record.slice(tab + 1);
    if (mode === SUBMODULE_MODE)
      entries.set(path, { path, type: "submodule", size: 0, sha, commit: sha });
    else if (mode === SYMLINK_MODE)
      entries.set(path, { path, type: "symlink", size: Number(size), sha });
    else entries.set(path, { path, type: "file", size: Number(size), sha });
  }
  // A symlink's blob is its target; the reader shows it without following it.
  const links = [...entries.values()].filter(
    (entry) => entry.type === "symlink" && entry.sha,
  );
  await mapLimit(links, 16, async (link) => {
    const object = await objects.read(link.sha as string);
    link.target = object?.bytes.toString("utf8") ?? "";
  });
  return entries;
}
