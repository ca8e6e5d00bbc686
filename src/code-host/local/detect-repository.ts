import { realpath } from "node:fs/promises";
import { gitRefusal } from "./git-refusal.js";
import { runGit } from "./run-git.js";

/**
 * What a directory is to git:
 * - `work-tree`: the top level of a checkout (files on disk, commits in .git);
 * - `git-dir`: a bare repository, or the .git directory itself (commits only);
 * - `none`: not a repository, or a subdirectory of a checkout, whose paths
 *   would not match the repository's and so is read as plain files.
 */
export type RepositoryKind = "work-tree" | "git-dir" | "none";

/** What `root` is to git; when git refused it, why, in words naming the fix. */
export interface DetectedRepository {
  kind: RepositoryKind;
  /** Set when git refused the repository (`gitRefusal`): `kind` is then "none". */
  refused?: string;
}

/**
 * Asks git what `root` is, in one `git rev-parse` call.
 *
 * @example
 * await detectRepository("/src/app")        // { kind: "work-tree" }
 * await detectRepository("/mirrors/app.git") // { kind: "git-dir" }
 * await detectRepository("/tmp/notes")       // { kind: "none" }
 * await detectRepository("/mnt/their-app")   // { kind: "none", refused: "git refuses to read /mnt/their-app: …" }
 */
export async function detectRepository(
  root: string,
): Promise<DetectedRepository> {
  const { code, stdout, stderr } = await runGit(root, [
    "rev-parse",
    "--is-inside-work-tree",
    "--show-prefix",
    "--absolute-git-dir",
  ]);
  if (code !== 0) {
    const refused = gitRefusal(stderr);
    return refused ? { kind: "none", refused } : { kind: "none" };
  }
  return {
    kind: await kindOfRevParse(root, stdout.toString("utf8").split("\n")),
  };
}

/**
 * What `root` is, from the first three lines `git rev-parse
 * --is-inside-work-tree --show-prefix --absolute-git-dir` printed there.
 */
export async function kindOfRevParse(
  root: string,
  [insideWorkTree, prefix, gitDir = ""]: readonly string[],
): Promise<RepositoryKind> {
  if (insideWorkTree === "true") return prefix === "" ? "work-tree" : "none";
  return (await realpath(gitDir).catch(() => gitDir)) === (await realpath(root))
    ? "git-dir"
    : "none";
}
