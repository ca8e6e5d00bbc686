import type { EntryType, TreeEntry, TreeListing } from "../code-host.js";
import { RefNotFoundError } from "../../shared/errors.js";
import { mapRequestError } from "./map-request-error.js";
import type { GitHubRepoContext } from "./repo-context.js";
import { requestStatus } from "./request-status.js";

/** One row of `GET /repos/{owner}/{repo}/git/trees/{tree_sha}`. */
interface GitTreeItem {
  path: string;
  /** 100644 / 100755 file, 120000 symlink, 040000 directory, 160000 submodule. */
  mode: string;
  /** "blob", "tree", or "commit" (a submodule). */
  type: string;
  sha: string;
  /** Blobs only. */
  size?: number;
}

interface GitTreeAnswer {
  sha: string;
  tree: GitTreeItem[];
  truncated: boolean;
}

/** What GitHub's `truncated: true` means, in words a model can act on. */
export const TRUNCATED_TREE_NOTE =
  "GitHub cut this tree: a recursive tree answer holds at most 100,000 entries " +
  "or 7 MB, so some paths are missing. List directories one at a time " +
  "(non-recursive) to see the rest.";

/**
 * Every entry of the commit's tree in one request: the Git Trees API with
 * `recursive=1`, addressed by the commit SHA (GitHub takes a commit for the
 * tree it points at) and cached as immutable. Blobs with mode 120000 are
 * symlinks; `commit` entries are submodules, whose `sha` is the pinned
 * commit of the other repository. GitHub's `truncated` flag is passed on
 * with a note.
 * See https://docs.github.com/en/rest/git/trees#get-a-tree
 *
 * @example
 * const tree = await listGitHubTree(ctx, sha);
 * tree.entries.filter((entry) => entry.type === "file").length
 */
export async function listGitHubTree(
  ctx: GitHubRepoContext,
  sha: string,
): Promise<TreeListing> {
  let answer: GitTreeAnswer;
  try {
    ({ data: answer } = await ctx.api.get(
      (rest) => rest.git.getTree,
      { owner: ctx.owner, repo: ctx.repo, tree_sha: sha, recursive: "1" },
      { immutable: true },
    ));
  } catch (error) {
    const status = requestStatus(error);
    if (status === 404 || status === 422)
      throw new RefNotFoundError(sha, { cause: error });
    throw mapRequestError(error, `listing the tree of ${sha}`);
  }
  const entries = answer.tree.map(toTreeEntry);
  return answer.truncated
    ? { sha, entries, truncated: true, note: TRUNCATED_TREE_NOTE }
    : { sha, entries, truncated: false };
}

function toTreeEntry(item: GitTreeItem): TreeEntry {
  const type = entryType(item);
  return {
    path: item.path,
    type,
    ...(type === "file" && item.size !== undefined ? { size: item.size } : {}),
    sha: item.sha,
  };
}

function entryType(item: GitTreeItem): EntryType {
  if (item.type === "tree") return "dir";
  if (item.type === "commit") return "submodule";
  return item.mode === "120000" ? "symlink" : "file";
}
