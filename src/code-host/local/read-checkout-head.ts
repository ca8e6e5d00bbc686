import { currentBranch } from "./current-branch.js";
import {
  detectRepository,
  kindOfRevParse,
  type DetectedRepository,
} from "./detect-repository.js";
import { gitRefusal } from "./git-refusal.js";
import { revParseCommit } from "./rev-parse-commit.js";
import { runGit } from "./run-git.js";

/** What a question on a checkout first asks git: what the directory is, and HEAD's branch and commit. */
export interface CheckoutHead {
  detected: DetectedRepository;
  /** HEAD's branch, as `currentBranch` names it; undefined when HEAD is detached (or has no commit). */
  branch: string | undefined;
  /** HEAD's commit, as `revParseCommit(root, "HEAD")` gives it; undefined before the first commit. */
  head: string | undefined;
}

/**
 * `detectRepository`, `currentBranch` and `revParseCommit(root, "HEAD")`
 * answered by one `git rev-parse` instead of three gits (each costs its
 * start, about 5 ms of a core, which a warm question on two cores shares
 * with its own work). rev-parse prints each answer as it reaches its
 * argument, in order:
 *
 *     true                      --is-inside-work-tree
 *                               --show-prefix (empty at the top level)
 *     /home/ada/flask/.git      --absolute-git-dir
 *     3f9c…                     HEAD^{commit}
 *     main                      --abbrev-ref=loose HEAD
 *     --                        (paths would follow: none)
 *
 * `--abbrev-ref=loose` shortens the branch as `git symbolic-ref --short`
 * does (both call git's `shorten_unambiguous_ref` non-strictly: "heads/main"
 * when a tag "main" exists too), and prints "HEAD" for a detached HEAD,
 * where `symbolic-ref` fails. The final `--` makes both HEADs revisions
 * even when a file of that name exists.
 *
 * Where git stops early, what it printed still answers exactly what it
 * answers: nothing (not a repository, or one git refuses) means each of
 * the three would have failed; the directory's three lines without a
 * commit (a branch with no commit yet) leave branch and commit to their own
 * calls, which say what they say today for it.
 *
 * @example
 * await readCheckoutHead("/home/ada/flask") // { detected: { kind: "work-tree" }, branch: "main", head: "3f9c…" }
 */
export async function readCheckoutHead(root: string): Promise<CheckoutHead> {
  const { code, stdout, stderr } = await runGit(root, [
    "rev-parse",
    "--is-inside-work-tree",
    "--show-prefix",
    "--absolute-git-dir",
    "HEAD^{commit}",
    "--abbrev-ref=loose",
    "HEAD",
    "--",
  ]);
  const lines = stdout.toString("utf8").split("\n");
  if (code === 0 && lines.length === 7 && lines[5] === "--") {
    const [insideWorkTree = "", prefix = "", gitDir = "", head, branch] = lines;
    return {
      detected: {
        kind: await kindOfRevParse(root, [insideWorkTree, prefix, gitDir]),
      },
      branch: branch === "HEAD" ? undefined : branch,
      head,
    };
  }
  if (code !== 0 && code !== null && stdout.length === 0) {
    const refused = gitRefusal(stderr);
    return {
      detected: refused ? { kind: "none", refused } : { kind: "none" },
      branch: undefined,
      head: undefined,
    };
  }
  // Git found the repository but not HEAD's commit (or was killed, or
  // printed what cannot be split in lines): each asked on its own.
  const [detected, branch, head] = await Promise.all([
    detectRepository(root),
    currentBranch(root),
    revParseCommit(root, "HEAD"),
  ]);
  return { detected, branch, head };
}
