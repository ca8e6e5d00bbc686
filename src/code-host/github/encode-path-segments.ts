import { encodePathSegments } from "../../shared/encode-path-segments.js";
export { encodePathSegments };

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
