import type { RepositoryIndex } from "../retrieval/index/index-repository.js";
import { fileAuthorship } from "../retrieval/rank/set-aside-files.js";

/**
 * The gold files ranking sets aside as generated, vendored or amalgamated
 * (`fileAuthorship`), with why: files a build or another project wrote,
 * which a fix regenerates or copies rather than edits. The harness's
 * written view scores the gold without them, so that setting them aside is
 * not counted as losing what a person would edit.
 *
 * @example
 * goldSetAside(index, ["crates/biome_configuration/src/generated/linter.rs", "src/lib.rs"])
 * // { "crates/biome_configuration/src/generated/linter.rs": "generated: path is in a generated/ folder" }
 */
export function goldSetAside(
  index: RepositoryIndex,
  goldFiles: readonly string[],
): Record<string, string> {
  const { setAside } = fileAuthorship(index);
  const found: Record<string, string> = {};
  for (const path of goldFiles) {
    const id = index.byPath.get(path);
    const reason = id === undefined ? undefined : setAside.get(id);
    if (reason) found[path] = `${reason.kind}: ${reason.why}`;
  }
  return found;
}
