import { parse } from "yaml";
import type { CodeReader } from "../code-host/code-host.js";
import type { ConfigProblem } from "./config-problem.js";
import { parseRepoConfig } from "./parse-repo-config.js";
import { describeYamlError } from "./load-repo-config.js";
import { REPO_CONFIG_PATH } from "./repo-config-path.js";
import type { RepoConfig } from "./repo-config-schema.js";

/**
 * Reads `.github/askcode.yml` at a reader's commit and validates it as the
 * app does (`parseRepoConfig`): missing means the defaults; a wrong key is
 * a problem and gets its default; a file that is not YAML is one problem
 * and gives every default. Unlike `loadRepoConfig`, which reads through
 * Probot on GitHub, the organisation's `.github` defaults and `_extends` are
 * not followed: a local commit has only its own file.
 *
 * @example
 * const { config, problems } = await readRepoConfigFile(host.at(sha));
 * config.exclude_paths // ["fixtures/"]
 */
export async function readRepoConfigFile(
  reader: CodeReader,
): Promise<{ config: RepoConfig; problems: ConfigProblem[] }> {
  const file = await reader.readFile(REPO_CONFIG_PATH);
  if (file.kind !== "text") return parseRepoConfig(undefined);
  let raw: unknown;
  try {
    raw = parse(file.text);
  } catch (error) {
    return {
      config: parseRepoConfig(undefined).config,
      problems: [
        {
          key: "",
          message: describeYamlError((error as Error).message),
          outcome: "used-default",
        },
      ],
    };
  }
  return parseRepoConfig(raw);
}
