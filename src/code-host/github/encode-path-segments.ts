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

// The URL variables of GitHub's routes that hold a repository path or a ref
// (`contents/{path}`, `commits/{ref}`, `tarball/{ref}`), both of which may hold slashes.
const SLASHED_VARIABLES = ["path", "ref"];

/**
 * An Octokit `before("request")` hook: a typed method's `{path}` or `{ref}`
 * becomes reserved expansion (`{+path}`) of the segment-encoded value, so
 * `rest.repos.getContent({ path: "src/a b.ts" })` asks for
 * `contents/src/a%20b.ts`, not `contents/src%2Fa%20b.ts`. Reserved expansion
 * leaves the `%XX` escapes alone, so each character is encoded exactly once.
 *
 * @example
 * octokit.hook.before("request", keepSlashesInPathVariables);
 */
export function keepSlashesInPathVariables(request: {
  url: string;
  [name: string]: unknown;
}): void {
  for (const name of SLASHED_VARIABLES) {
    const value = request[name];
    if (typeof value !== "string" || !request.url.includes(`{${name}}`))
      continue;
    request.url = request.url.replace(`{${name}}`, `{+${name}}`);
    request[name] = encodePathSegments(value);
  }
}
