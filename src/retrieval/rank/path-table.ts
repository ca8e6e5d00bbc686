/**
 * The paths mentions are matched against: a `RepositoryIndex`, or a tree
 * listing's files before anything is read (`pathTable`).
 */
export interface PathTable {
  files: ReadonlyArray<{ id: number; path: string }>;
  /** Path → file id. */
  byPath: ReadonlyMap<string, number>;
  /** Lowercased file name → file ids. */
  byName: ReadonlyMap<string, readonly number[]>;
}

/**
 * A `PathTable` over bare paths (a tree listing), so the files a question
 * names can be found before any file is read. File ids are positions in
 * `paths`.
 *
 * @example
 * const table = pathTable(["astropy/io/fits/fitsrec.py", "setup.py"]);
 * table.byName.get("fitsrec.py") // [0]
 */
export function pathTable(paths: readonly string[]): PathTable {
  const byPath = new Map<string, number>();
  const byName = new Map<string, number[]>();
  const files = paths.map((path, id) => {
    byPath.set(path, id);
    const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
    const same = byName.get(name);
    if (same) same.push(id);
    else byName.set(name, [id]);
    return { id, path };
  });
  return { files, byPath, byName };
}
