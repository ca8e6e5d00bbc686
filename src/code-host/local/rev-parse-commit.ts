import { runGit } from "./run-git.js";

/**
 * The commit a ref names in the repository at `root`, or undefined. Refs
 * that could pass for options are refused.
 *
 * @example
 * await revParseCommit("/home/ada/flask", "HEAD") // "3f9c…" (40 hex)
 * await revParseCommit("/home/ada/flask", "--all") // undefined
 */
export async function revParseCommit(
  root: string,
  ref: string,
): Promise<string | undefined> {
  if (ref.startsWith("-") || /[\0-\x20\x7f]/.test(ref)) return undefined;
  const { code, stdout } = await runGit(root, [
    "rev-parse",
    "--verify",
    "--quiet",
    `${ref}^{commit}`,
  ]);
  return code === 0 ? stdout.toString("utf8").trim() : undefined;
}
