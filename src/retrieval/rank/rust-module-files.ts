import type { PathTable } from "./path-table.js";

// The crate roots are the crate itself, never a module `lib` or `main`.
const CRATE_ROOTS = new Set(["lib", "main"]);

/**
 * The files of the module a Rust path names, from a crate's root: `a::b::c`
 * is `a`'s `src/b/c.rs` or `src/b/c/mod.rs`. Trailing items that are no
 * module (a type, a function, a constant) are dropped one by one, and an item
 * in CamelCase is first read as the module of its snake_case name, where Rust
 * code usually keeps a type (`tokio::sync::Semaphore` in
 * `tokio/src/sync/semaphore.rs`); the crate's root alone names no module.
 * `a` is the crate: of a workspace's crates, those whose directory is its
 * name (`grep_regex` in `grep-regex/`, or in `regex/` for a crate named with
 * its workspace's prefix); the repository's root crate only when no other
 * crate has the module. `crate::` is any crate's root.
 *
 * @example
 * rustModuleFiles(pathTable(["tokio/src/sync/semaphore.rs", "tokio-util/src/sync/mod.rs"]), "tokio::sync::Semaphore::MAX_PERMITS")
 * // [0]
 */
export function rustModuleFiles(table: PathTable, path: string): number[] {
  const [crate = "", ...items] = path.split("::");
  for (let k = items.length; k > 0; k--) {
    const module = items.slice(0, k);
    const last = module[k - 1] as string;
    const name = /^[A-Z]/.test(last) ? snakeCase(last) : last;
    if (k === 1 && CRATE_ROOTS.has(name)) break;
    const files = crateFiles(table, [...module.slice(0, -1), name], crate);
    if (files.length > 0) return files;
  }
  return [];
}

/** Files `…/src/<module>.rs` and `…/src/<module>/mod.rs` of the crate named `crate`. */
function crateFiles(
  table: PathTable,
  module: readonly string[],
  crate: string,
): number[] {
  const tail = `src/${module.join("/")}`;
  const name = module[module.length - 1] as string;
  const found: { id: number; crateDir: string }[] = [];
  for (const file of [`${name}.rs`, "mod.rs"])
    for (const id of table.byName.get(file) ?? []) {
      const path = table.files[id]?.path ?? "";
      const suffix = file === "mod.rs" ? `${tail}/mod.rs` : `${tail}.rs`;
      if (path === suffix) found.push({ id, crateDir: "" });
      else if (path.endsWith(`/${suffix}`))
        found.push({ id, crateDir: path.slice(0, -suffix.length - 1) });
    }
  if (crate === "crate") return found.map((f) => f.id);
  const wanted = crate.toLowerCase();
  const named = found.filter((f) => {
    const dir = f.crateDir
      .slice(f.crateDir.lastIndexOf("/") + 1)
      .toLowerCase()
      .replace(/-/g, "_");
    return dir !== "" && (dir === wanted || wanted.endsWith(`_${dir}`));
  });
  if (named.length > 0) return named.map((f) => f.id);
  return found.filter((f) => f.crateDir === "").map((f) => f.id);
}

/** `CancellationToken` → `cancellation_token`, `MAX_PERMITS` → `max_permits`. */
function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}
