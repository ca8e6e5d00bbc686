import { lineAt } from "./declared-dependency.js";
import type { FileImport } from "./file-import.js";

// `use serde::{Deserialize, Serialize};`, `pub(crate) use x::y as z;`.
const USE = /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?use[ \t]+([^;]+);/gm;
// `extern crate serde_json as json;`
const EXTERN_CRATE =
  /^[ \t]*extern[ \t]+crate[ \t]+(\w+)(?:[ \t]+as[ \t]+(\w+))?/gm;

/**
 * The `use` declarations and `extern crate` items of a Rust file: the
 * specifier is the path's first segment (the crate, or `crate`, `self`,
 * `super`, `std`), the bindings the names the tree brings in (`as`
 * renames; `self` and `*` add none).
 *
 * @example
 * rustImports("use serde::{de::Visitor, Serialize as S};")
 * // [{ specifier: "serde", bindings: ["Visitor", "S"], line: 1 }]
 */
export function rustImports(text: string): FileImport[] {
  const imports: FileImport[] = [];
  for (const m of text.matchAll(USE)) {
    const tree = (m[1] ?? "").replace(/\s+/g, " ").replace(/^::/, "").trim();
    const specifier = /^\w+/.exec(tree)?.[0];
    if (!specifier) continue;
    const bindings: string[] = [];
    // A leaf is the last name of a path: before `,`, `}` or the end, or after `as`.
    for (const leaf of tree.matchAll(/(\w+)(?: as (\w+))?\s*(?=[,}]|$)/g)) {
      const name = leaf[2] ?? leaf[1] ?? "";
      if (name !== "self" && name !== specifier) bindings.push(name);
    }
    imports.push({
      specifier,
      bindings,
      line: lineAt(text, m.index ?? 0).line,
    });
  }
  for (const m of text.matchAll(EXTERN_CRATE))
    imports.push({
      specifier: m[1] ?? "",
      bindings: m[2] ? [m[2]] : [],
      line: lineAt(text, m.index ?? 0).line,
    });
  return imports.sort((a, b) => a.line - b.line);
}
