/**
 * Percent-encodes each segment of a repository path or ref and keeps the
 * slashes.
 *
 * Octokit's plain `{path}` encodes "/" as "%2F"; GitHub has answered such
 * requests with 404 for some token types (octokit/octokit.js#2422), so we
 * send real slashes. What we encode here is sent as is: spaces, `#`, `?`,
 * `%` and non-ASCII characters arrive as the file's name, never as URL syntax.
 * See https://docs.github.com/en/rest/repos/contents#get-repository-content
 *
 * @example
 * encodePathSegments("docs/a b#1.md") // "docs/a%20b%231.md"
 * encodePathSegments("ünï/x.ts")      // "%C3%BCn%C3%AF/x.ts"
 */
export function encodePathSegments(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}
