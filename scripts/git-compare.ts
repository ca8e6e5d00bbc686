/** Runs git in the served repository and gives its output. */
export type Git = (args: string[]) => Buffer;

// GitHub lists at most this many files in a comparison.
const MAX_FILES = 300;

const STATUS: Record<string, string> = {
  A: "added",
  D: "removed",
  M: "modified",
  R: "renamed",
  C: "copied",
  T: "changed",
};

/**
 * GitHub's "compare two commits" answer (`GET /repos/{o}/{r}/compare/{base}...{head}`)
 * from a local repository: the status from how far each side is ahead,
 * the merge base the diff starts from, and the changed files (renames
 * found, at most 300) with their head blob SHA and their unified diff
 * without git's file header, as GitHub's `patch` is. One commit is listed,
 * as askcode asks for one a page.
 * https://docs.github.com/en/rest/commits/commits#compare-two-commits
 *
 * @example
 * compareWithGit(git, "6dcb09b…", "8f1e2a3…")
 * // { status: "ahead", ahead_by: 1, behind_by: 0, merge_base_commit: { sha: "6dcb09b…" }, files: [{ filename: "src/a.ts", status: "modified", sha: "…", patch: "@@ -3,7 +3,8 @@…" }], … }
 */
export function compareWithGit(git: Git, base: string, head: string) {
  const text = (args: string[]) => git(args).toString("utf8");
  const mergeBase = text(["merge-base", base, head]).trim();
  const [behind = 0, ahead = 0] = text([
    "rev-list",
    "--left-right",
    "--count",
    `${base}...${head}`,
  ])
    .trim()
    .split(/\s+/)
    .map(Number);
  const status =
    ahead > 0 && behind > 0
      ? "diverged"
      : ahead > 0
        ? "ahead"
        : behind > 0
          ? "behind"
          : "identical";
  const fields = text(["diff", "--name-status", "-M", "-z", mergeBase, head])
    .split("\0")
    .filter(Boolean);
  const files: object[] = [];
  for (let i = 0; i < fields.length && files.length < MAX_FILES;) {
    const letter = fields[i++]!.charAt(0);
    const paths =
      letter === "R" || letter === "C"
        ? [fields[i++]!, fields[i++]!]
        : [fields[i++]!];
    const path = paths.at(-1)!;
    const diff = text(["diff", "-M", "-U3", mergeBase, head, "--", ...paths]);
    const hunks = diff.indexOf("\n@@");
    files.push({
      sha:
        letter === "D"
          ? "0000000000000000000000000000000000000000"
          : text(["rev-parse", `${head}:${path}`]).trim(),
      filename: path,
      status: STATUS[letter] ?? "changed",
      ...(paths.length === 2 && { previous_filename: paths[0] }),
      ...(hunks >= 0 && { patch: diff.slice(hunks + 1).replace(/\n$/, "") }),
    });
  }
  return {
    status,
    ahead_by: ahead,
    behind_by: behind,
    total_commits: ahead,
    base_commit: { sha: base },
    merge_base_commit: { sha: mergeBase },
    commits: ahead > 0 ? [{ sha: head }] : [],
    files,
  };
}
