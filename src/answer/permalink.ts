/** One repository at one commit: where every link of an answer points. */
export interface RepositoryAtSha {
  owner: string;
  repo: string;
  /** The commit the run read (40 hex digits). */
  sha: string;
}

export interface PermalinkInput extends RepositoryAtSha {
  /** Repository-relative path of a file. */
  path: string;
  /** First line, 1-based. */
  startLine?: number;
  /** Last line, inclusive; the same as `startLine` (or absent) for one line. */
  endLine?: number;
}

/**
 * A link to a file, or to lines of it, at one commit: it shows the same text
 * forever, whatever happens to the branch later.
 * See https://docs.github.com/en/repositories/working-with-files/using-files/getting-permanent-links-to-files
 *
 * Each path segment is percent-encoded (spaces, `#`, `?`, non-ASCII) and the
 * slashes are kept, so GitHub reads the path as the file's name.
 *
 * @example
 * permalink({ owner: "octo", repo: "hello", sha, path: "src/upload.ts", startLine: 9, endLine: 12 })
 * // "https://github.com/octo/hello/blob/<sha>/src/upload.ts#L9-L12"
 * permalink({ owner: "octo", repo: "hello", sha, path: "docs/a b.md", startLine: 3 })
 * // "https://github.com/octo/hello/blob/<sha>/docs/a%20b.md#L3"
 */
export function permalink(input: PermalinkInput): string {
  const { owner, repo, sha, path, startLine, endLine } = input;
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  const base = `https://github.com/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/blob/${sha}/${encoded}`;
  if (startLine === undefined) return base;
  if (endLine === undefined || endLine === startLine)
    return `${base}#L${startLine}`;
  return `${base}#L${startLine}-L${endLine}`;
}

/**
 * The commit itself, for "read at 9fceb02".
 *
 * @example
 * commitLink({ owner: "octo", repo: "hello", sha }) // "https://github.com/octo/hello/commit/<sha>"
 */
export function commitLink({ owner, repo, sha }: RepositoryAtSha): string {
  return `https://github.com/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/commit/${sha}`;
}
