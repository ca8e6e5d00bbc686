import type { PathMention } from "../query/path-mentions.js";
import type { PathTable } from "./path-table.js";
import { rustModuleFiles } from "./rust-module-files.js";

/** A mentioned place matched to a file of the index. */
export interface ResolvedMention {
  fileId: number;
  mention: PathMention;
  /** How many files this mention matched equally well: evidence is shared among them. */
  matches: number;
  /** "file" when the mention names the file (or its module), "package" when a directory above it. */
  scope: "file" | "package";
}

// A bare name matching more files than this ("__init__.py", "utils.py") names none of them.
const MAX_NAME_MATCHES = 6;
// A package holding more than this share of the repository says nothing about where to look.
const MAX_PACKAGE_SHARE = 0.2;
const MODULE_FILES = [
  ".py",
  "/__init__.py",
  ".pyi",
  ".ts",
  ".js",
  "/index.ts",
  "/index.js",
  ".tsx",
  ".jsx",
];

/**
 * Matches path mentions to files. Paths match by their longest common tail of
 * segments, so a traceback's `/usr/lib/python3.6/site-packages/astropy/units/decorators.py`
 * finds `astropy/units/decorators.py` and an installed `_pytest/python.py`
 * finds `src/_pytest/python.py`. A module matches its file (`x.py`,
 * `x/__init__.py`, `x/index.ts`) or else the files of its package; trailing
 * parts that are attributes (`astropy.units.Quantity`) are dropped one by one.
 * A Rust path matches its module's file in its crate (`rustModuleFiles`).
 *
 * @example
 * resolvePathMentions(index, [{ path: "fitsrec.py", source: "path", weight: 3 }])
 * // [{ fileId: 812, mention, matches: 1, scope: "file" }]
 */
export function resolvePathMentions(
  index: PathTable,
  mentions: readonly PathMention[],
): ResolvedMention[] {
  const out: ResolvedMention[] = [];
  for (const mention of mentions) {
    const path = mention.path
      .replace(/^file:\/\//, "")
      .replace(/^[A-Za-z]:/, "")
      .replace(/^[./]+/, "");
    if (mention.source === "rustPath") {
      const ids = rustModuleFiles(index, mention.path);
      if (ids.length <= MAX_NAME_MATCHES)
        for (const fileId of ids)
          out.push({ fileId, mention, matches: ids.length, scope: "file" });
      continue;
    }
    if (mention.source !== "module") {
      const ids = matchTail(index, path);
      for (const fileId of ids)
        out.push({ fileId, mention, matches: ids.length, scope: "file" });
      continue;
    }
    let segments = path.split("/").filter(Boolean);
    while (segments.length > 0) {
      const module = segments.join("/");
      const files = [
        ...new Set(
          MODULE_FILES.flatMap((suffix) =>
            matchTail(index, module + suffix, true),
          ),
        ),
      ];
      if (files.length > 0) {
        for (const fileId of files)
          out.push({ fileId, mention, matches: files.length, scope: "file" });
        break;
      }
      const inPackage = filesUnder(index, module);
      if (
        inPackage.length > 0 &&
        inPackage.length <= MAX_PACKAGE_SHARE * index.files.length
      ) {
        for (const fileId of inPackage)
          out.push({
            fileId,
            mention,
            matches: inPackage.length,
            scope: "package",
          });
        break;
      }
      // "a.b.C" may be attribute C of module a.b; but a lone "np" is nobody's module.
      if (segments.length <= 2) break;
      segments = segments.slice(0, -1);
    }
  }
  return out;
}

/**
 * Files sharing the longest tail of segments with `path`: at least the name,
 * two segments for a long path, every segment when `whole` (a module's file:
 * "astro/__init__.py" must not match "astro/units/__init__.py").
 */
function matchTail(index: PathTable, path: string, whole = false): number[] {
  const exact = index.byPath.get(path);
  if (exact !== undefined) return [exact];
  const segments = path.split("/");
  const name = (segments[segments.length - 1] ?? "").toLowerCase();
  const candidates = index.byName.get(name) ?? [];
  let best = 0;
  let bestIds: number[] = [];
  for (const id of candidates) {
    const theirs = (index.files[id]?.path ?? "").split("/");
    let common = 0;
    while (
      common < segments.length &&
      common < theirs.length &&
      segments[segments.length - 1 - common] ===
        theirs[theirs.length - 1 - common]
    ) {
      common++;
    }
    if (common > best) [best, bestIds] = [common, [id]];
    else if (common === best && common > 0) bestIds.push(id);
  }
  // A long path that only shares its file name ("…/numpy/core/numeric.py") is another project's file.
  if (
    best === 0 ||
    (whole && best < segments.length) ||
    (segments.length >= 3 && best < 2 && best < segments.length)
  )
    return [];
  return bestIds.length <= MAX_NAME_MATCHES ? bestIds : [];
}

/** Files below directory `dir`, wherever it sits in the tree ("io/fits" finds "astropy/io/fits/…"). */
function filesUnder(index: PathTable, dir: string): number[] {
  const inner = `/${dir}/`;
  const out: number[] = [];
  for (const file of index.files) {
    if (file.path.startsWith(`${dir}/`) || file.path.includes(inner))
      out.push(file.id);
  }
  return out;
}
