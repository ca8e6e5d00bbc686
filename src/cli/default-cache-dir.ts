import { homedir } from "node:os";
import path from "node:path";

/**
 * Where the CLI keeps derived data unless told otherwise: the XDG base
 * directory spec's user cache (`$XDG_CACHE_HOME`, only when absolute, else
 * `~/.cache`), in a folder of askcode's own.
 * https://specifications.freedesktop.org/basedir-spec/latest/#variables
 *
 * @example
 * defaultCacheDir({ HOME: "/home/ada" }) // "/home/ada/.cache/askcode"
 */
export function defaultCacheDir(
  env: Readonly<Record<string, string | undefined>>,
): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, "askcode");
  return path.join(env.HOME || homedir(), ".cache", "askcode");
}
