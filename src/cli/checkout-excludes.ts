import type { CodeReader } from "../code-host/code-host.js";
import { createHidingReader } from "../code-host/hiding-reader.js";
import { REPO_CONFIG_PATH } from "../config/repo-config-path.js";

/**
 * `exclude_paths` of `.github/askcode.yml` at the reader's commit, read as
 * the App reads it (`readRepoConfigFile`): a problem with the file is said
 * through `note`, and its default (none) used.
 *
 * @example
 * await checkoutExcludes(host.at(sha), (line) => process.stderr.write(line + "\n")) // ["fixtures/"]
 */
export async function checkoutExcludes(
  reader: CodeReader,
  note: (text: string) => void,
): Promise<string[]> {
  // Most checkouts have none: they load neither the YAML parser nor the
  // schema (about 160 modules) to learn so.
  if ((await reader.readFile(REPO_CONFIG_PATH)).kind !== "text") return [];
  const { readRepoConfigFile } =
    await import("../config/read-repo-config-file.js");
  const { config, problems } = await readRepoConfigFile(reader);
  for (const problem of problems)
    if (problem.key === "" || problem.key.startsWith("exclude_paths"))
      note(
        `${REPO_CONFIG_PATH} ${problem.key ? `${problem.key} ` : ""}${problem.message}; no exclude_paths applied.`,
      );
  return config.exclude_paths;
}

/**
 * The reader a local checkout is answered through (`askcode ask`, `askcode
 * index`, `askcode mcp`): the commit's `exclude_paths` hidden, as the App
 * leaves them out of what it reads, indexes and shows. The settings file is
 * read when a read first needs it (see `createHidingReader`): a warm
 * question that finds its kept index by the tree's stamp reads none, and
 * `note` is told of a problem with the file then.
 *
 * @example
 * const reader = withoutExcludedPaths(host.at(sha), warn);
 */
export function withoutExcludedPaths(
  reader: CodeReader,
  note: (text: string) => void,
): CodeReader {
  return createHidingReader(reader, async () => {
    const patterns = await checkoutExcludes(reader, note);
    if (patterns.length === 0) return undefined;
    const { createPathPolicy } = await import("../tools/path-policy.js");
    const policy = createPathPolicy(patterns);
    return {
      hidden: (path, isDirectory) =>
        policy.hidden(path, isDirectory) !== undefined,
      why: "excluded by .github/askcode.yml's exclude_paths",
    };
  });
}
