import { runGit } from "./run-git.js";

/**
 * The branch HEAD points at in the repository at `root` ("main"), or
 * undefined for a detached HEAD.
 *
 * @example
 * await currentBranch("/home/ada/flask") // "main"
 */
export async function currentBranch(root: string): Promise<string | undefined> {
  const { code, stdout } = await runGit(root, [
    "symbolic-ref",
    "--quiet",
    "--short",
    "HEAD",
  ]);
  return code === 0 ? stdout.toString("utf8").trim() || undefined : undefined;
}
