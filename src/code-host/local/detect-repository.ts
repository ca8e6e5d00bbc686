import { realpath } from "node:fs/promises";
import { runGit } from "./run-git.js";

/**
 * What a directory is to git:
 * - `work-tree`: the top level of a checkout (files on disk, commits in .git);
 * - `git-dir`: a bare repository, or the .git directory itself (commits only);
 * - `none`: not a repository, or a subdirectory of a checkout, whose paths
 *   would not match the repository's and so is read as plain files.
 */
export type RepositoryKind = "work-tree" | "git-dir" | "none";

/**
 * Asks git what `root` is, in one `git rev-parse` call.
 *
 * @example
 * await detectRepository("/src/app")        // "work-tree"
 * await detectRepository("/mirrors/app.git") // "git-dir"
 * await detectRepository("/tmp/notes")       // "none"
 */
export async function detectRepository(root: string): Promise<RepositoryKind> {
  const { code, stdout } = await runGit(root, [
    "rev-parse",
    "--is-inside-work-tree",
    "--show-prefix",
    "--absolute-git-dir",
  ]);
  if (code !== 0) return "none";
  const [insideWorkTree, prefix, gitDir = ""] = stdout
    .toString("utf8")
    .split("\n");
  if (insideWorkTree === "true") return prefix === "" ? "work-tree" : "none";
  return (await realpath(gitDir).catch(() => gitDir)) === (await realpath(root))
    ? "git-dir"
    : "none";
}
