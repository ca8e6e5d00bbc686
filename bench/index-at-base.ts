import { createLocalCodeHost } from "../src/code-host/local/local-code-host.js";
import { loadGrammarsFor } from "../src/retrieval/chunks/chunk-file.js";
import {
  indexRepository,
  type RepositoryIndex,
} from "../src/retrieval/index/index-repository.js";
import { readRepositoryFiles } from "../src/retrieval/read-repository-files.js";
import type { SourceFile } from "../src/retrieval/types.js";
import { mirrorPath } from "./swebench/mirror-path.js";

/**
 * An instance's repository read from its mirror at the base commit, its
 * grammars loaded and indexed, as retrieval reads a checkout: what the
 * analysis scripts (bench:set-aside, bench:elidable)
 * each pack from.
 *
 * @example
 * const { files, index } = await indexAtBase("/work/.mirror", instance);
 */
export async function indexAtBase(
  mirrors: string,
  instance: { repo: string; base_commit: string },
): Promise<{ files: SourceFile[]; index: RepositoryIndex }> {
  const host = createLocalCodeHost({
    root: mirrorPath(mirrors, instance.repo),
  });
  const { sha } = await host.resolveRef(instance.base_commit);
  const { files } = await readRepositoryFiles(host.at(sha));
  await loadGrammarsFor(files);
  return { files, index: indexRepository(files) };
}
