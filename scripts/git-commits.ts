import type { Git } from "./git-compare.js";

/**
 * GitHub's "list commits" answer (`GET /repos/{o}/{r}/commits?sha=&per_page=`)
 * from a local repository: up to `perPage` (GitHub's most, 100) commits back
 * from `sha`, newest first as `git log` lists them, each with its parents.
 * https://docs.github.com/en/rest/commits/commits#list-commits
 *
 * @example
 * listCommitsWithGit(git, "8f1e2a3…", 2) // [{ sha: "8f1e2a3…", parents: [{ sha: "6dcb09b…" }], … }, …]
 */
export function listCommitsWithGit(git: Git, sha: string, perPage: number) {
  const count = Math.min(100, Math.max(1, perPage));
  return git(["log", `--max-count=${count}`, "--format=%H %P", sha])
    .toString("utf8")
    .split("\n")
    .filter((line) => line)
    .map((line) => {
      const [commit, ...parents] = line.split(" ");
      return {
        sha: commit!,
        commit: { message: "" },
        parents: parents
          .filter((parent) => parent)
          .map((parent) => ({ sha: parent })),
      };
    });
}

const STATUS: Record<string, string> = {
  A: "added",
  D: "removed",
  M: "modified",
  R: "renamed",
  T: "changed",
};

/**
 * The `files` of GitHub's "get a commit" answer from a local repository:
 * each path the commit changed against its first parent (every path of a
 * first commit), a rename with its `previous_filename`, at most `perPage`
 * (GitHub's page of files, 300 at most).
 * https://docs.github.com/en/rest/commits/commits#get-a-commit
 *
 * @example
 * commitFilesWithGit(git, "8f1e2a3…", 300) // [{ filename: "src/a.ts", status: "modified" }, { filename: "b.ts", previous_filename: "a.ts", status: "renamed" }]
 */
export function commitFilesWithGit(git: Git, sha: string, perPage: number) {
  const fields = git([
    "diff-tree",
    "--no-commit-id",
    "--root",
    "-r",
    "-M",
    "-z",
    "--name-status",
    sha,
  ])
    .toString("utf8")
    .split("\0")
    .filter((field) => field);
  const files: Array<{
    filename: string;
    status: string;
    previous_filename?: string;
  }> = [];
  for (let i = 0; i < fields.length;) {
    const status = fields[i++]!;
    const kind = status[0]!;
    if (kind === "R" || kind === "C") {
      const previous = fields[i++]!;
      files.push({
        filename: fields[i++]!,
        status: STATUS[kind] ?? "added",
        ...(kind === "R" && { previous_filename: previous }),
      });
    } else
      files.push({
        filename: fields[i++]!,
        status: STATUS[kind] ?? "modified",
      });
  }
  return files.slice(0, Math.min(300, Math.max(1, perPage)));
}
