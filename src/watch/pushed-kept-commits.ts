import type { KeptCommit } from "../storage/commit-history/commit-history.js";
import type { PushFacts } from "./push-facts.js";

/**
 * The commits of a push to a default branch as the commit history keeps
 * them: each after the one listed before it, the first after `before` when
 * the payload lists every commit since (not a force push, whose `before`
 * may be gone from the branch: there the history read back stops, and a
 * first fill reads on from the commit's real parents). A commit over
 * `maxFiles` paths, or whose paths GitHub may have cut, keeps its place
 * with no files, left out as `readGitHistory` leaves it out.
 *
 * @example
 * pushedKeptCommits({ before: "a…", followsBefore: true, commits: [{ sha: "b…", paths: ["CHANGES.rst"], cut: false }], … }, 30)
 * // [{ sha: "b…", previous: "a…", files: ["CHANGES.rst"] }]
 */
export function pushedKeptCommits(
  push: Pick<PushFacts, "before" | "commits" | "followsBefore">,
  maxFiles: number,
): KeptCommit[] {
  return push.commits.map((commit, index) => {
    const previous =
      index > 0
        ? push.commits[index - 1]!.sha
        : push.followsBefore
          ? push.before
          : undefined;
    const files = [...new Set(commit.paths)];
    return {
      sha: commit.sha,
      ...(previous !== undefined && { previous }),
      files: commit.cut || files.length > maxFiles ? [] : files,
    };
  });
}
