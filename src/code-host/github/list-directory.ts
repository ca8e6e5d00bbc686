import type { DirectoryListing, EntryType, TreeListing } from "../code-host.js";
import { isWithin, normalizeRepoPath } from "../../shared/repo-path.js";
import { getContents, type ContentsItem } from "./get-contents.js";
import { mapRequestError } from "./map-request-error.js";
import type { GitHubRepoContext } from "./repo-context.js";

// The Contents API lists at most this many entries of one directory.
const CONTENTS_LIMIT = 1000;

/**
 * Lists one directory at one commit through the Contents API (one request,
 * cached as immutable). GitHub answers at most 1,000 entries: when exactly
 * that many come back, the listing says it may be cut and how to see the
 * rest. A missing path or a file gets an empty listing whose note says so.
 * See https://docs.github.com/en/rest/repos/contents#get-repository-content
 *
 * @example
 * await listGitHubDirectory(ctx, sha, "src")
 * // { path: "src", entries: [{ path: "src/index.ts", name: "index.ts", type: "file", size: 812 }, …], truncated: false }
 */
export async function listGitHubDirectory(
  ctx: GitHubRepoContext,
  sha: string,
  path: string,
): Promise<DirectoryListing> {
  const at = normalizeRepoPath(path);
  let answer;
  try {
    answer = await getContents(ctx, sha, at);
  } catch (error) {
    throw mapRequestError(
      error,
      `listing ${at || "the repository root"} at ${sha}`,
    );
  }
  const empty = { path: at, entries: [], truncated: false };
  if (answer === undefined) return { ...empty, note: noSuchDirectory(sha, at) };
  if (!Array.isArray(answer))
    return { ...empty, note: notADirectory(at, answer.type) };
  const entries = answer.map((item) => {
    const type = contentsEntryType(item);
    return {
      path: item.path,
      name: item.name,
      type,
      ...(type === "file" ? { size: item.size } : {}),
    };
  });
  if (entries.length < CONTENTS_LIMIT) return { ...empty, entries };
  return {
    ...empty,
    entries,
    truncated: true,
    note:
      `GitHub lists at most ${CONTENTS_LIMIT.toLocaleString("en")} entries of a directory, so some may be missing; ` +
      "list it with recursive: true (the Git Trees API) to see them all.",
  };
}

/**
 * Everything below a directory, from the commit's tree (one request for the
 * whole repository, shared with `listTree`). A truncated tree gives a
 * truncated listing with GitHub's reason.
 *
 * @example
 * listTreeDirectory(await listGitHubTree(ctx, sha), "src")
 * // { path: "src", entries: [{ path: "src/lib", name: "lib", type: "dir" }, { path: "src/lib/a.ts", … }], truncated: false }
 */
export function listTreeDirectory(
  tree: TreeListing,
  path: string,
): DirectoryListing {
  const at = normalizeRepoPath(path);
  const empty = { path: at, entries: [], truncated: false };
  const self = tree.entries.find((entry) => entry.path === at);
  if (self && self.type !== "dir")
    return { ...empty, note: notADirectory(at, self.type) };
  const entries = tree.entries
    .filter((entry) => entry.path !== at && isWithin(entry.path, at))
    .map((entry) => ({
      path: entry.path,
      name: entry.path.slice(entry.path.lastIndexOf("/") + 1),
      type: entry.type,
      ...(entry.size !== undefined ? { size: entry.size } : {}),
    }));
  if (tree.truncated)
    return {
      ...empty,
      entries,
      truncated: true,
      ...(tree.note ? { note: tree.note } : {}),
    };
  if (at !== "" && !self)
    return { ...empty, note: noSuchDirectory(tree.sha, at) };
  return { ...empty, entries };
}

// GitHub lists a submodule inside a directory as type "file" "for backwards
// compatibility"; it gives itself away by having no download URL and a
// git_url that points at a tree (of the other repository), never a blob.
// See https://docs.github.com/en/rest/repos/contents#get-repository-content
function contentsEntryType(item: ContentsItem): EntryType {
  if (item.type === "dir") return "dir";
  if (item.type === "symlink") return "symlink";
  if (item.type === "submodule") return "submodule";
  const pointsAtTree =
    item.git_url !== null && item.git_url.includes("/git/trees/");
  return item.download_url === null && pointsAtTree ? "submodule" : "file";
}

function noSuchDirectory(sha: string, path: string): string {
  return `No such directory at ${sha}: ${path}.`;
}

function notADirectory(path: string, type: string): string {
  return `${path} is a ${type}, not a directory; use read_file_contents to read it.`;
}
