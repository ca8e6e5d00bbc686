import { posix } from "node:path";
import {
  DEFAULT_READ_LIMITS,
  type DirectoryEntry,
  type FileContent,
  type ReadFileOptions,
  type ReadLimits,
  type SubmoduleEntry,
  type SymlinkEntry,
} from "../code-host.js";
import { decodeText } from "../file-set/decode-text.js";
import { formatBytes } from "../file-set/format-bytes.js";
import { readTextRange } from "../file-set/read-text-range.js";
import { GitHubError } from "../../shared/errors.js";
import { normalizeRepoPath } from "../../shared/repo-path.js";
import {
  getContents,
  getRawContents,
  type ContentsItem,
} from "./get-contents.js";
import { mapRequestError } from "./map-request-error.js";
import type { GitHubRepoContext } from "./repo-context.js";

/**
 * Reads one file at one commit through the Contents API and says what it
 * found: text (a line range, cut at the size limit on a line boundary),
 * binary metadata, a symlink, a submodule, a directory, or a missing path.
 * Never throws for a missing file; throws `InvalidPathError` before any
 * request for a path that leaves the repository, and askcode's typed errors
 * for what GitHub refused after retries.
 *
 * Files up to 1 MB come base64-encoded in the JSON answer. From 1 to 100 MB
 * GitHub sends `encoding: "none"` and an empty `content`, and the bytes take
 * a second request with the raw media type; both answers are cached as
 * immutable, so reading on from `startLine` costs nothing more.
 * See https://docs.github.com/en/rest/repos/contents#get-repository-content
 *
 * @example
 * await readGitHubFile(ctx, sha, "src/retry.ts", { startLine: 40, endLine: 80 })
 * // { kind: "text", path: "src/retry.ts", text: "…", startLine: 40, endLine: 80, truncated: false, … }
 */
export async function readGitHubFile(
  ctx: GitHubRepoContext,
  sha: string,
  path: string,
  range: ReadFileOptions = {},
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<FileContent> {
  const at = normalizeRepoPath(path);
  const found = await fetchEntry(ctx, sha, at);
  if (found.kind !== "file") return found;
  const { item, bytes } = found;
  const text = decodeText(bytes);
  const file = { path: at, blobSha: item.sha, size: item.size };
  if (text === undefined) {
    return {
      kind: "binary",
      ...file,
      note: `Binary file (${formatBytes(item.size)}); its contents are not shown.`,
    };
  }
  return readTextRange({ ...file, text, maxBytes: limits.maxFileBytes }, range);
}

/**
 * The whole text of a file at one commit, or `undefined` when the path is
 * not a readable text file (missing, binary, a directory, a link). Code
 * search reads hits' lines through this; the answers are the same cached
 * requests `readGitHubFile` makes.
 *
 * @example
 * await readGitHubText(ctx, sha, "src/retry.ts") // "import { backoff } …"
 */
export async function readGitHubText(
  ctx: GitHubRepoContext,
  sha: string,
  path: string,
): Promise<string | undefined> {
  const found = await fetchEntry(ctx, sha, normalizeRepoPath(path));
  return found.kind === "file" ? decodeText(found.bytes) : undefined;
}

type Fetched =
  | Exclude<FileContent, { kind: "text" | "binary" }>
  | { kind: "file"; item: ContentsItem; bytes: Buffer };

async function fetchEntry(
  ctx: GitHubRepoContext,
  sha: string,
  at: string,
): Promise<Fetched> {
  if (at === "") return directory(at);
  const what = `reading ${at} at ${sha}`;
  let answer;
  try {
    answer = await getContents(ctx, sha, at);
  } catch (error) {
    throw mapRequestError(error, what);
  }
  if (answer === undefined)
    return {
      kind: "missing",
      path: at,
      note: `No such file at ${sha}: ${at}.`,
    };
  if (Array.isArray(answer) || answer.type === "dir") return directory(at);
  if (answer.type === "submodule") return submodule(at, answer);
  if (answer.type === "symlink") return symlink(at, answer.target ?? "");
  // GitHub follows a symlink whose target is a file in the repository and
  // answers with the target's content. A snapshot never follows links, so
  // we report the link here too: the same question gets the same answer
  // whichever way the reader reads.
  if (answer.path !== at)
    return symlink(at, posix.relative(posix.dirname(at), answer.path));
  let bytes: Buffer | undefined;
  try {
    bytes = await fileBytes(ctx, sha, at, answer);
  } catch (error) {
    throw mapRequestError(error, what);
  }
  // The file was described a moment ago at this very commit: a 404 now is GitHub's fault.
  if (bytes === undefined) {
    throw new GitHubError(
      `GitHub described ${at} at ${sha} but answered 404 for its bytes; try again later.`,
      404,
    );
  }
  return { kind: "file", item: answer, bytes };
}

async function fileBytes(
  ctx: GitHubRepoContext,
  sha: string,
  path: string,
  item: ContentsItem,
): Promise<Buffer | undefined> {
  if (item.encoding === "base64" && item.content !== undefined)
    return Buffer.from(item.content, "base64");
  if (item.size === 0) return Buffer.alloc(0);
  return getRawContents(ctx, sha, path);
}

function directory(path: string): DirectoryEntry {
  const what = path === "" ? "The repository root" : path;
  return {
    kind: "directory",
    path,
    note: `${what} is a directory; use list_directory_contents to see what it holds.`,
  };
}

function submodule(path: string, item: ContentsItem): SubmoduleEntry {
  const url = item.submodule_git_url;
  return {
    kind: "submodule",
    path,
    commit: item.sha,
    ...(url ? { url } : {}),
    note: `A git submodule pinned at commit ${item.sha}; its files live in another repository${url ? ` (${url})` : ""} and are not read here.`,
  };
}

// Same wording as the file-set reader's symlinks, so both readers answer alike.
function symlink(path: string, target: string): SymlinkEntry {
  const resolved = posix.normalize(posix.join(posix.dirname(path), target));
  const outside =
    target === "" ||
    posix.isAbsolute(target) ||
    resolved === ".." ||
    resolved.startsWith("../");
  return {
    kind: "symlink",
    path,
    target,
    note: outside
      ? `Symlink to ${target || "nothing"}, which is outside the repository; it is not followed.`
      : `Symlink to ${resolved}; read that path instead.`,
  };
}
