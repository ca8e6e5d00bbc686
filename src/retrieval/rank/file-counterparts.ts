/**
 * Why two files belong together by their paths alone:
 * - "header": a C/C++ header and the source file with the same stem, and
 *   the private header of both, or the one holding the header's inline
 *   definitions (`object-inl.h`, `object.inl`, `zstd_compress_internal.h`);
 * - "module": a Rust file's parent module (`a/mod.rs` or `a.rs` for the files
 *   in `a/`, `lib.rs`/`main.rs` for the files beside them) and that module's
 *   parent: a fix to a type often re-exports it on the way up;
 * - "submodule": the other way, a module's direct children.
 *
 * Java, Kotlin and Go files of one directory (one package) are not linked:
 * on the multi-language dev set that rule changed no result (see
 * docs/architecture/retrieval.md, "Cross-file evidence").
 */
export type CounterpartRule = "header" | "module" | "submodule";

export interface Counterpart {
  /** Index of the other file in the path list. */
  fileId: number;
  rule: CounterpartRule;
}

const HEADER = new Set(["h", "hh", "hpp", "hxx", "h++", "inl", "ipp", "tpp"]);
// Where C++ keeps a header's inline and template definitions: `object-inl.h`
// beside `object.h` (Google's style, simdjson, folly), or `object.inl`; and
// where C keeps what a source shares with no one else: `zstd_compress.c`'s
// `zstd_compress_internal.h`, Qt's `qwidget_p.h`, GTK's `gtkwidget-private.h`.
const INLINE_EXT = new Set(["inl", "ipp", "tpp"]);
const INLINE_STEM = /[-_](?:inl|impl|inline|internal|private|priv|p)$/i;
const C_SOURCE = new Set(["c", "cc", "cpp", "cxx", "c++", "m", "mm", "cu"]);
const RUST_ROOTS = new Set(["lib.rs", "main.rs"]);

interface PathParts {
  dir: string;
  /** File name without its last extension. */
  stem: string;
  ext: string;
  name: string;
}

/**
 * Whether a path is a C or C++ header (`.h`, `.hpp`, `.inl`, …), a source
 * (`.c`, `.cpp`, `.cu`, …), or neither, by its extension: the two sides of
 * the counterpart rule.
 *
 * @example
 * cFileRole("include/fmt/format.h") // "header"
 * cFileRole("src/format.cc")        // "source"
 * cFileRole("src/lib.rs")           // undefined
 */
export function cFileRole(path: string): "header" | "source" | undefined {
  return roleByExtension(parts(path).ext);
}

function roleByExtension(ext: string): "header" | "source" | undefined {
  const lower = ext.toLowerCase();
  return HEADER.has(lower)
    ? "header"
    : C_SOURCE.has(lower)
      ? "source"
      : undefined;
}

function parts(path: string): PathParts {
  const slash = path.lastIndexOf("/");
  const dir = slash < 0 ? "" : path.slice(0, slash);
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf(".");
  return dot <= 0
    ? { dir, stem: name, ext: "", name }
    : { dir, stem: name.slice(0, dot), ext: name.slice(dot + 1), name };
}

/**
 * The counterparts of every file, by path: rules that hold in any repository
 * of the language, never a list of repositories. A header pairs with a source
 * of the same stem in its own directory, or anywhere when that stem names one
 * header and one source in the whole list (`include/x/foo.hpp` ↔
 * `src/foo.cpp`). A Rust file has its parent and grandparent modules, a
 * module its direct submodules, which may be many, so callers weigh them
 * down by count.
 *
 * @example
 * const counterparts = fileCounterparts(["src/net/mod.rs", "src/net/tcp.rs", "lib/foo.h", "lib/foo.c"]);
 * counterparts[1] // [{ fileId: 0, rule: "module" }]
 * counterparts[0] // [{ fileId: 1, rule: "submodule" }]
 * counterparts[2] // [{ fileId: 3, rule: "header" }]
 */
export function fileCounterparts(paths: readonly string[]): Counterpart[][] {
  const all = paths.map(parts);
  const result: Counterpart[][] = paths.map(() => []);
  const byPath = new Map(paths.map((p, id) => [p, id]));
  const link = (a: number, b: number, rule: CounterpartRule): void => {
    if (a === b) return;
    if (result[a]!.some((c) => c.fileId === b)) return;
    result[a]!.push({ fileId: b, rule });
    result[b]!.push({ fileId: a, rule });
  };

  // Headers and sources by stem (lowercased: Windows-born projects mix case).
  const headersByStem = new Map<string, number[]>();
  const sourcesByStem = new Map<string, number[]>();
  for (const [id, p] of all.entries()) {
    // The path is parsed already: its extension decides.
    const role = roleByExtension(p.ext);
    const table =
      role === "header"
        ? headersByStem
        : role === "source"
          ? sourcesByStem
          : undefined;
    if (table) add(table, p.stem.toLowerCase(), id);
  }
  for (const [stem, headers] of headersByStem) {
    const sources = sourcesByStem.get(stem) ?? [];
    for (const h of headers)
      for (const s of sources)
        if (all[h]!.dir === all[s]!.dir) link(h, s, "header");
    if (headers.length === 1 && sources.length === 1)
      link(headers[0]!, sources[0]!, "header");
  }
  linkInlineHeaders(all, headersByStem, sourcesByStem, link);

  for (const [id, p] of all.entries()) {
    if (p.ext !== "rs") continue;
    const parent = rustParent(p, byPath);
    if (parent === undefined) continue;
    result[id]!.push({ fileId: parent, rule: "module" });
    result[parent]!.push({ fileId: id, rule: "submodule" });
    const grandparent = rustParent(all[parent]!, byPath);
    if (grandparent !== undefined)
      result[id]!.push({ fileId: grandparent, rule: "module" });
  }

  return result;
}

/**
 * Links `dir/x-inl.h`, `dir/x_internal.h` and `dir/x.inl` to the header
 * `dir/x.h` and the source `dir/x.c` whose inline or private code they hold.
 */
function linkInlineHeaders(
  all: readonly PathParts[],
  headersByStem: ReadonlyMap<string, number[]>,
  sourcesByStem: ReadonlyMap<string, number[]>,
  link: (a: number, b: number, rule: CounterpartRule) => void,
): void {
  for (const [stem, headers] of headersByStem)
    for (const inline of headers) {
      const p = all[inline]!;
      const own = INLINE_EXT.has(p.ext.toLowerCase());
      if (!own && !INLINE_STEM.test(stem)) continue;
      const base = own ? stem : stem.replace(INLINE_STEM, "");
      for (const other of [
        ...(headersByStem.get(base) ?? []),
        ...(sourcesByStem.get(base) ?? []),
      ])
        if (
          all[other]!.dir === p.dir &&
          !INLINE_EXT.has(all[other]!.ext.toLowerCase())
        )
          link(other, inline, "header");
    }
}

/** The file declaring a Rust file's module: `a/mod.rs` or `a.rs` for `a/x.rs`, the crate root for a file beside it. */
function rustParent(
  p: PathParts,
  byPath: ReadonlyMap<string, number>,
): number | undefined {
  if (RUST_ROOTS.has(p.name)) return undefined;
  // A `mod.rs` belongs to the directory above its own.
  const dir =
    p.name === "mod.rs"
      ? p.dir.slice(0, Math.max(0, p.dir.lastIndexOf("/")))
      : p.dir;
  const own = p.name === "mod.rs" ? p.dir : `${p.dir}/${p.stem}`;
  if (own === dir) return undefined;
  const prefix = dir === "" ? "" : `${dir}/`;
  for (const candidate of [
    `${prefix}mod.rs`,
    `${dir}.rs`,
    `${prefix}lib.rs`,
    `${prefix}main.rs`,
  ]) {
    if (candidate === ".rs" || candidate === `${own}.rs`) continue;
    const id = byPath.get(candidate);
    if (id !== undefined) return id;
  }
  return undefined;
}

function add(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
