import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError } from "../shared/errors.js";
import { cacheDirOption } from "./cache-dir-option.js";
import { DEFAULT_MODEL } from "./default-model.js";

export interface McpArgs {
  /** The checkout the tools read, absolute (default: the current directory). */
  repo: string;
  /** A branch, tag or commit to read instead of the working tree. */
  ref?: string;
  /** Model whose tokenizer counts the budgets. */
  model: string;
  /** Where indexing's work is kept between runs, as `askcode ask`'s; undefined with `--no-cache`. */
  cacheDir: string | undefined;
}

export const MCP_USAGE = `Usage: askcode mcp [--repo DIR] [--ref REF] [--model M] [--cache-dir DIR | --no-cache]

Serves a local checkout to a coding agent over the Model Context Protocol, on
stdin and stdout (logs go to stderr): the tools ask (a question: the ranked
places, why, the map and the packed context), search, read and map. Secret-named
files are never read, and secrets in other files are redacted. Add it to an
agent with its configuration (README, "Use it from a coding agent").

  --repo DIR    the checkout to serve (default: the current directory)
  --ref REF     read this branch, tag or commit (default: the working tree, as
                it is at each call)
  --model M     model whose tokenizer counts the budgets (default: gpt-4o)
  --cache-dir DIR  where indexing's work is kept, shared with askcode ask
                (default: $XDG_CACHE_HOME/askcode, else ~/.cache/askcode)
  --no-cache    neither read nor write that cache, nor index in the background`;

/**
 * Parses `askcode mcp` arguments; throws ConfigError with the usage on bad
 * input, before the server or retrieval is loaded.
 *
 * @example
 * parseMcpArgs(["--repo", "../flask"], "/home/ada/app", process.env)
 * // { repo: "/home/ada/flask", model: "gpt-4o", cacheDir: "/home/ada/.cache/askcode" }
 */
export function parseMcpArgs(
  argv: string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): McpArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        repo: { type: "string" },
        ref: { type: "string" },
        model: { type: "string" },
        "cache-dir": { type: "string" },
        "no-cache": { type: "boolean", default: false },
      },
    });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n\n${MCP_USAGE}`);
  }
  const { values } = parsed;
  return {
    repo: path.resolve(cwd, values.repo ?? "."),
    ...(values.ref !== undefined ? { ref: values.ref } : {}),
    model: values.model ?? DEFAULT_MODEL,
    cacheDir: cacheDirOption(values, cwd, env, MCP_USAGE),
  };
}
