import { statSync } from "node:fs";
import { join, resolve } from "node:path";

/** How mirrors are laid out below `--mirrors` by default: `bench/mirrors/psf+requests/repo`. */
export const DEFAULT_MIRROR_LAYOUT = "{owner}+{name}/repo";

/**
 * The directory of a repository's git mirror: `layout` with `{owner}`,
 * `{name}` and `{repo}` ("owner/name") filled in, below `mirrors`.
 *
 * @example
 * mirrorPath("bench/mirrors", "psf/requests")                     // "<absolute>/bench/mirrors/psf+requests/repo"
 * mirrorPath("/srv/git", "psf/requests", "{owner}/{name}.git")    // "/srv/git/psf/requests.git"
 */
export function mirrorPath(
  mirrors: string,
  repo: string,
  layout = DEFAULT_MIRROR_LAYOUT,
): string {
  const [owner = "", name = ""] = repo.split("/");
  const relative = layout
    .replaceAll("{owner}", owner)
    .replaceAll("{name}", name)
    .replaceAll("{repo}", repo);
  return resolve(join(mirrors, relative));
}

/**
 * Checks that every repository has a mirror directory before the run starts,
 * so a wrong `--mirrors` fails in a second rather than after an hour.
 * Returns the repositories whose mirror is missing.
 */
export function missingMirrors(
  mirrors: string,
  repos: Iterable<string>,
  layout = DEFAULT_MIRROR_LAYOUT,
): string[] {
  const missing: string[] = [];
  for (const repo of new Set(repos)) {
    try {
      if (!statSync(mirrorPath(mirrors, repo, layout)).isDirectory())
        missing.push(repo);
    } catch {
      missing.push(repo);
    }
  }
  return missing;
}
