import { encodePathSegments } from "./encode-path-segments.js";

/** A repository and where people read it on the web. */
export interface RepositoryOnWeb {
  owner: string;
  repo: string;
  /**
   * The repository's page as GitHub names it (the webhook's
   * `repository.html_url`): `https://github.com/octo/hello`, or on GitHub
   * Enterprise Server `https://ghe.example.com/octo/hello`. Absent: github.com.
   */
  htmlUrl?: string;
}

/** One repository at one commit: where every link of an answer points. */
export interface RepositoryAtSha extends RepositoryOnWeb {
  /** The commit the run read (40 hex digits). */
  sha: string;
  /** The branch, tag or commit the question named, for "read `v2.1` at …"; absent when it named none. */
  askedRef?: string;
}

/**
 * Only what names a repository at a commit, as plain data: a run's
 * `RunAtRepository` carries its reader too, which cannot go to a thread.
 *
 * @example
 * repositoryAtSha(at) // { owner: "octo", repo: "hello", sha: "6dcb09b…" }
 */
export function repositoryAtSha(at: RepositoryAtSha): RepositoryAtSha {
  return {
    owner: at.owner,
    repo: at.repo,
    sha: at.sha,
    ...(at.htmlUrl === undefined ? {} : { htmlUrl: at.htmlUrl }),
    ...(at.askedRef === undefined ? {} : { askedRef: at.askedRef }),
  };
}

/**
 * The repository's page, without a trailing slash: `htmlUrl`, or the
 * github.com page of `owner/repo`.
 *
 * @example
 * repositoryWebUrl({ owner: "octo", repo: "hello" }) // "https://github.com/octo/hello"
 * repositoryWebUrl({ owner: "octo", repo: "hello", htmlUrl: "https://ghe.example.com/octo/hello" }) // "https://ghe.example.com/octo/hello"
 */
export function repositoryWebUrl({
  owner,
  repo,
  htmlUrl,
}: RepositoryOnWeb): string {
  if (htmlUrl) return htmlUrl.replace(/\/+$/, "");
  return `https://github.com/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
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
 * A link to a file, or to lines of it, at one commit, on the repository's
 * web host: it shows the same text forever, whatever happens to the branch later.
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
  const { sha, path, startLine, endLine } = input;
  const base = `${repositoryWebUrl(input)}/blob/${sha}/${encodePathSegments(path)}`;
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
export function commitLink(repository: RepositoryAtSha): string {
  return `${repositoryWebUrl(repository)}/commit/${repository.sha}`;
}

/**
 * A pull request of the repository, by number.
 *
 * @example
 * pullRequestLink({ owner: "octo", repo: "hello" }, 12) // "https://github.com/octo/hello/pull/12"
 */
export function pullRequestLink(
  repository: RepositoryOnWeb,
  number: number,
): string {
  return `${repositoryWebUrl(repository)}/pull/${number}`;
}
