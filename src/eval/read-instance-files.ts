import type { CodeReader } from "../code-host/code-host.js";
import type {
  readRepositoryFiles,
  RepositoryFiles,
} from "../retrieval/read-repository-files.js";

export interface InstanceFiles {
  /** What askcode read, as it reads any repository. */
  repository: RepositoryFiles;
  /** Every text read, by path: askcode's files, the baseline's documents and the gold files. */
  texts: Map<string, string>;
  /** The baseline's documents, in the tree's order. */
  documentPaths: string[];
}

/**
 * Reads an instance's repository once for both systems: askcode's files
 * through `readRepositoryFiles`, then the source files the baseline needs
 * that askcode's filters left out (vendored code, say), and any gold file
 * not read yet.
 *
 * @example
 * const { repository, texts, documentPaths } = await readInstanceFiles(reader, instance.gold_files, { isDocumentPath, readRepositoryFiles });
 */
export async function readInstanceFiles(
  reader: CodeReader,
  goldFiles: readonly string[],
  options: {
    isDocumentPath: (path: string) => boolean;
    /** Paths neither system may read. */
    exclude?: (path: string) => boolean;
    readRepositoryFiles: typeof readRepositoryFiles;
  },
): Promise<InstanceFiles> {
  const { isDocumentPath, exclude } = options;
  const repository = await options.readRepositoryFiles(
    reader,
    exclude ? { exclude } : {},
  );
  const texts = new Map(repository.files.map((f) => [f.path, f.text]));
  const tree = await reader.listTree();
  const documentPaths = tree.entries
    .filter(
      (e) => e.type === "file" && isDocumentPath(e.path) && !exclude?.(e.path),
    )
    .map((e) => e.path);
  const extra = [...documentPaths, ...goldFiles].filter((p) => !texts.has(p));
  for (const [path, text] of await readTexts(reader, extra))
    texts.set(path, text);
  return { repository, texts, documentPaths };
}

// Reads text files through the CodeHost, 16 at a time; binaries and missing files are left out.
async function readTexts(
  reader: CodeReader,
  paths: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const path = paths[next++] as string;
      const content = await reader.readFile(path);
      if (content.kind === "text" && !content.truncated)
        out.set(path, content.text);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return out;
}
