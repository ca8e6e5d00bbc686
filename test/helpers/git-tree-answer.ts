import { HELLO_WORLD } from "./nock-github.js";
import { git } from "./temp-repo.js";

/**
 * The answer GitHub gives `GET /repos/{owner}/{repo}/git/trees/{sha}?recursive=1`
 * for `ref` of a repository on disk, from `git ls-tree`: every blob, tree
 * and submodule with its mode, blob SHA and (blobs only) size, in git's
 * order, as the Git Trees API sends them.
 * See https://docs.github.com/en/rest/git/trees#get-a-tree
 *
 * @example
 * nockGetTree({ sha: commit, body: gitTreeAnswer(root, commit) });
 */
export function gitTreeAnswer(
  root: string,
  ref = "HEAD",
  {
    owner = HELLO_WORLD.owner,
    repo = HELLO_WORLD.repo,
  }: { owner?: string; repo?: string } = {},
): object {
  const api = `https://api.github.com/repos/${owner}/${repo}/git`;
  const tree = git(root, "ls-tree", "-r", "-t", "-l", "--full-tree", ref)
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf("\t");
      const [mode = "", type = "", sha = "", size = "-"] = line
        .slice(0, tab)
        .split(/\s+/);
      const path = line.slice(tab + 1);
      return {
        path,
        mode,
        type,
        sha,
        ...(type === "blob" ? { size: Number(size) } : {}),
        ...(type === "commit"
          ? {}
          : { url: `${api}/${type === "blob" ? "blobs" : "trees"}/${sha}` }),
      };
    });
  const sha = git(root, "rev-parse", `${ref}^{tree}`);
  return { sha, url: `${api}/trees/${sha}`, tree, truncated: false };
}
