import path from "node:path";
import { ConfigError } from "../shared/errors.js";
import { defaultCacheDir } from "./default-cache-dir.js";

/**
 * The cache directory `--cache-dir DIR` and `--no-cache` ask for (`askcode
 * ask`, `askcode eval`): undefined with `--no-cache`, else the directory
 * given (relative to `cwd`) or the default. Throws ConfigError, with the
 * command's usage, when both are given.
 *
 * @example
 * cacheDirOption({ "cache-dir": "cache" }, "/work/app", env, USAGE) // "/work/app/cache"
 * cacheDirOption({ "no-cache": true }, "/work/app", env, USAGE)     // undefined
 */
export function cacheDirOption(
  values: { "cache-dir"?: string; "no-cache"?: boolean },
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
  usage: string,
): string | undefined {
  if (values["no-cache"] && values["cache-dir"] !== undefined)
    throw new ConfigError(
      `--no-cache and --cache-dir contradict each other: give one.\n\n${usage}`,
    );
  return values["no-cache"]
    ? undefined
    : path.resolve(cwd, values["cache-dir"] ?? defaultCacheDir(env));
}
