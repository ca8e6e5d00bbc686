/**
 * Why git refused a repository, and the fix, from git's stderr; undefined
 * when git did not refuse it. Git (2.35.2 and later) will not work in a
 * repository owned by another user (a mounted volume, a checkout made by
 * another account) unless `safe.directory` names it, and says so as
 * "detected dubious ownership in repository at '<path>'"; the command it
 * suggests is the fix.
 * https://git-scm.com/docs/git-config#Documentation/git-config.txt-safedirectory
 *
 * @example
 * gitRefusal("fatal: detected dubious ownership in repository at '/src/app'\n…")
 * // "git refuses to read /src/app: it is owned by another user (git: \"detected dubious ownership\"). If you trust it, run `git config --global --add safe.directory /src/app` and ask again."
 */
export function gitRefusal(stderr: string): string | undefined {
  const match = /detected dubious ownership in repository at '([^']*)'/.exec(
    stderr,
  );
  if (!match) return undefined;
  const path = match[1]!;
  return `git refuses to read ${path}: it is owned by another user (git: "detected dubious ownership"). If you trust it, run \`git config --global --add safe.directory ${path}\` and ask again.`;
}
