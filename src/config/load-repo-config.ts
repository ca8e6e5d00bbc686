import type { ConfigProblem } from "./config-problem.js";
import {
  parseRepoConfig,
  type ParseRepoConfigOptions,
} from "./parse-repo-config.js";
import { REPO_CONFIG_FILE } from "./repo-config-path.js";
import type { RepoConfig } from "./repo-config-schema.js";

/** The part of Probot's `Context` that reads `.github/<file>` (pass the context itself). */
export interface RepoConfigSource {
  config(
    fileName: string,
    defaultConfig?: undefined,
    deepMergeOptions?: {
      arrayMerge?(target: unknown[], source: unknown[]): unknown[];
    },
  ): Promise<unknown>;
}

// Probot deep-merges the org's `.github` defaults with the repository's file
// using deepmerge, which concatenates arrays by default: a repository that
// narrows `allowed_associations` to members would still get the org's whole
// list. A repository's list replaces the inherited one instead.
const REPLACE_ARRAYS = {
  arrayMerge: (_inherited: unknown[], own: unknown[]) => own,
};

// The config plugin's own complaints about the file (bad YAML, not a map, a
// directory) start with its name; anything else (GitHub down) is not ours to hide.
const PLUGIN_ERROR = "[@probot/octokit-plugin-config]";

/**
 * Reads `.github/askcode.yml` through Probot (org defaults and `_extends`
 * included, no defaults passed so that missing means missing) and validates
 * it. A file that is not valid YAML becomes a problem like any wrong key:
 * askcode answers with its defaults and the comment says why. Errors reading
 * from GitHub are thrown.
 *
 * @example
 * const { config, problems } = await loadRepoConfig(context, { missionNames });
 * if (problems.length) body += renderConfigProblems(problems);
 */
export async function loadRepoConfig(
  source: RepoConfigSource,
  options: ParseRepoConfigOptions = {},
): Promise<{ config: RepoConfig; problems: ConfigProblem[] }> {
  let raw: unknown;
  try {
    raw = await source.config(REPO_CONFIG_FILE, undefined, REPLACE_ARRAYS);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith(PLUGIN_ERROR))
      throw error;
    return {
      config: parseRepoConfig(undefined, options).config,
      problems: [
        { key: "", message: describeFileError(error), outcome: "used-default" },
      ],
    };
  }
  return parseRepoConfig(raw, options);
}

function describeFileError(error: Error): string {
  const cause = error.cause instanceof Error ? error.cause.message : "";
  if (/invalid YAML/.test(error.message)) return describeYamlError(cause);
  if (/not an object/.test(error.message)) return "is not a map of settings";
  if (/directory or a submodule/.test(error.message))
    return "is a directory or a submodule, not a file";
  // `_extends` naming no repository, and whatever the plugin adds later.
  const detail = error.message.slice(PLUGIN_ERROR.length).trim();
  return `could not be read: ${detail.replace(/\.+$/, "")}`;
}

/**
 * What a YAML parser's error says of the file, as a config problem's
 * message: its first line, where yaml names the fault and its place.
 *
 * @example
 * describeYamlError("Nested mappings are not allowed in compact mappings at line 3, column 7:\n\n…")
 * // "is not valid YAML: Nested mappings are not allowed in compact mappings at line 3, column 7"
 */
export function describeYamlError(message: string): string {
  const first = message.split("\n")[0]?.replace(/:$/, "");
  return first ? `is not valid YAML: ${first}` : "is not valid YAML";
}
