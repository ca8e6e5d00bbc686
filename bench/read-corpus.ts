import { fileURLToPath } from "node:url";
import { createGitCatFile } from "../src/code-host/local/git-cat-file.js";
import { runGit } from "../src/code-host/local/run-git.js";

/** One entry of the served repository's tree, as git stores it. */
export interface CorpusEntry {
  path: string;
  /** git's mode: "100644", "100755", "040000", … */
  mode: string;
  type: "blob" | "tree";
  /** The git object SHA (a blob's is what GitHub's tree and contents answers carry). */
  sha: string;
  /** The file's bytes; blobs only. */
  bytes?: Buffer;
}

/** A repository at one commit, read from git: what the bench serves as GitHub. */
export interface Corpus {
  /** The commit (a real SHA of the project, so the figures name what they measured). */
  sha: string;
  /** The commit's root tree (GitHub's tree answer names it). */
  treeSha: string;
  /** Trees and blobs, in git's order (trees before what they hold). */
  entries: CorpusEntry[];
  /** Blobs only, by path. */
  files: Map<string, Buffer>;
  /** Sum of the blobs' sizes. */
  bytes: number;
}

export interface ReadCorpusOptions {
  /** The git checkout to read (default: this project's, wherever it is run from). */
  repository?: string;
  /** The commit (default HEAD). */
  ref?: string;
  /** Only paths below these directories (default src/ and test/, about 100+ files). */
  directories?: readonly string[];
}

/**
 * Reads a commit's files below `directories` straight from git objects (no
 * checkout, so uncommitted work never leaks into the figures): the tree from
 * one `git ls-tree -r -t`, the blobs through one `git cat-file --batch`.
 *
 * @example
 * const corpus = await readCorpus(); // askcode's own src/ and test/ at HEAD
 */
export async function readCorpus(
  options: ReadCorpusOptions = {},
): Promise<Corpus> {
  const repository =
    options.repository ?? fileURLToPath(new URL("..", import.meta.url));
  const directories = options.directories ?? ["src", "test"];
  const sha = (
    await git(repository, ["rev-parse", `${options.ref ?? "HEAD"}^{commit}`])
  ).trim();
  const treeSha = (
    await git(repository, ["rev-parse", `${sha}^{tree}`])
  ).trim();
  // -t lists the trees too: GitHub's recursive tree answer has an entry per directory.
  const listed = await git(repository, [
    "ls-tree",
    "-r",
    "-t",
    "-z",
    sha,
    "--",
    ...directories,
  ]);
  const objects = createGitCatFile({ cwd: repository });
  try {
    const entries: CorpusEntry[] = [];
    for (const record of listed.split("\0")) {
      const tab = record.indexOf("\t");
      if (tab === -1) continue;
      // "<mode> <type> <sha>\t<path>"
      const [mode = "", type = "", objectSha = ""] = record
        .slice(0, tab)
        .split(" ");
      const path = record.slice(tab + 1);
      // Submodules ("commit") and symlinks would need answers of their own; the corpus has none.
      if (type !== "blob" && type !== "tree") continue;
      if (mode === "120000") continue;
      entries.push({ path, mode, type, sha: objectSha });
    }
    const files = new Map<string, Buffer>();
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.type !== "blob") return;
        const object = await objects.read(entry.sha);
        if (!object)
          throw new Error(`git has no blob ${entry.sha} for ${entry.path}`);
        entry.bytes = object.bytes;
      }),
    );
    let bytes = 0;
    for (const entry of entries) {
      if (!entry.bytes) continue;
      files.set(entry.path, entry.bytes);
      bytes += entry.bytes.length;
    }
    return { sha, treeSha, entries, files, bytes };
  } finally {
    await objects.close();
  }
}

async function git(repository: string, args: string[]): Promise<string> {
  const { code, stdout, stderr } = await runGit(repository, args);
  if (code !== 0)
    throw new Error(`git ${args.join(" ")} failed: ${stderr.trim()}`);
  return stdout.toString("utf8");
}
