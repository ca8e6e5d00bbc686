import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError } from "../shared/errors.js";
import { defaultCacheDir } from "./default-cache-dir.js";

export interface IndexArgs {
  /** The checkout to read (default: the current directory). */
  repo: string;
  /** A branch, tag or commit of a git checkout; the working tree when absent. */
  ref?: string;
  /** Where the index and what it derives per file are kept. */
  cacheDir: string;
  /** Print nothing (a background run after a question). */
  quiet: boolean;
}

export const INDEX_USAGE = `Usage: askcode index [--repo DIR] [--ref REF] [--cache-dir DIR] [--quiet]

Indexes a local checkout whole and keeps the index in the cache directory, so
that a question about it is answered without parsing anything. askcode ask
starts this in the background, at low priority, after a first question that
parsed only what that question needed.

  --repo DIR       the checkout to read (default: the current directory)
  --ref REF        a branch, tag or commit of a git checkout (default: the working tree)
  --cache-dir DIR  where the index is kept (default: $XDG_CACHE_HOME/askcode,
                   else ~/.cache/askcode)
  --quiet          print nothing`;

/**
 * Parses `askcode index` arguments; throws ConfigError with the usage on bad input.
 *
 * @example
 * parseIndexArgs(["--repo", "../flask"], "/home/ada", { HOME: "/home/ada" })
 * // { repo: "/home/flask", cacheDir: "/home/ada/.cache/askcode", quiet: false }
 */
export function parseIndexArgs(
  argv: string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): IndexArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        repo: { type: "string" },
        ref: { type: "string" },
        "cache-dir": { type: "string" },
        quiet: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n\n${INDEX_USAGE}`);
  }
  return {
    repo: path.resolve(cwd, parsed.values.repo ?? "."),
    ...(parsed.values.ref !== undefined ? { ref: parsed.values.ref } : {}),
    cacheDir: path.resolve(
      cwd,
      parsed.values["cache-dir"] ?? defaultCacheDir(env),
    ),
    quiet: parsed.values.quiet ?? false,
  };
}
