import { readGitHistory } from "../retrieval/history/read-git-history.js";
import type { CoChangeSource } from "../run/co-change-source.js";

/**
 * The co-change history of a local clone of the question's repository (the
 * Action's workspace): `git log` back from the question's commit, as the
 * CLI reads it (`readGitHistory`). None when the clone is shallow (the
 * default of `actions/checkout`, `fetch-depth: 1`), is no repository, or
 * lacks the commit (the branch moved on after the checkout), so the tier
 * is then off; never a commit after the question's.
 *
 * @example
 * const coChange = checkoutCoChangeSource(process.env.GITHUB_WORKSPACE);
 * await coChange.at(job, sha) // { commit: sha, commits: [["CHANGES.rst", "src/app.py"], …] }
 */
export function checkoutCoChangeSource(
  root: string,
  read: typeof readGitHistory = readGitHistory,
): CoChangeSource {
  return { at: (_job, sha) => read(root, sha) };
}
