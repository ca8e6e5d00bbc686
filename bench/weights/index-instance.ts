import type { DerivedCache } from "../../src/retrieval/index/derived-cache.js";
import {
  loadGrammarsFor,
  type ChunkOptions,
} from "../../src/retrieval/chunks/chunk-file.js";
import { createLocalCodeHost } from "../../src/code-host/local/local-code-host.js";
import {
  indexRepository,
  type RepositoryIndex,
} from "../../src/retrieval/index/index-repository.js";
import { readRepositoryFiles } from "../../src/retrieval/read-repository-files.js";
import { linesOfTexts } from "../../src/eval/lines-of-texts.js";
import { goldLines, type GoldLine } from "../../src/eval/gold-lines.js";
import type { Instance } from "../../src/eval/instance.js";

export interface IndexedInstance {
  index: RepositoryIndex;
  /** The gold lines of files the repository holds at `base_commit`. */
  gold: GoldLine[];
  /** The same lines by path. */
  goldByPath: Map<string, Set<number>>;
  /** A file's lines as read (what a packed context is read back against). */
  linesOf: (path: string) => string[] | undefined;
}

/**
 * Reads an instance's repository at its base commit from its mirror and
 * indexes it as askcode does (or cut by `chunk`), with the fix's gold
 * lines: what both fits label ranked chunks with.
 *
 * @example
 * const { index, goldByPath } = await indexInstance(instance, mirror);
 */
export async function indexInstance(
  instance: Instance,
  mirror: string,
  derived?: DerivedCache,
  chunk: ChunkOptions = {},
): Promise<IndexedInstance> {
  const host = createLocalCodeHost({ root: mirror });
  try {
    const { sha } = await host.resolveRef(instance.base_commit);
    const { files } = await readRepositoryFiles(host.at(sha));
    const linesOf = linesOfTexts(new Map(files.map((f) => [f.path, f.text])));
    const { lines } = goldLines(instance.gold_hunks, linesOf);
    const goldByPath = new Map<string, Set<number>>();
    for (const g of lines) {
      const held = goldByPath.get(g.path) ?? new Set<number>();
      held.add(g.line);
      goldByPath.set(g.path, held);
    }
    await loadGrammarsFor(files);
    const index = indexRepository(files, chunk, derived ? { derived } : {});
    return { index, gold: lines, goldByPath, linesOf };
  } finally {
    await host.close();
  }
}
