import { PATH_WEIGHTS } from "./query-weights.js";
import type { StackFrame } from "./stack-frames.js";

/** A place in the repository the question names, before it is matched against the tree. */
export interface PathMention {
  /**
   * As written, "/" separated: a file path ("src/x.ts", "/usr/lib/…/astropy/io/fits/fitsrec.py",
   * "fitsrec.py") or, for a module, its dotted name as a path ("astropy/units/quantity");
   * a Rust path keeps its "::" ("tokio::io::Interest").
   */
  path: string;
  source: "path" | "stackFrame" | "module" | "rustPath";
  /** The line a stack frame points at. */
  line?: number;
  weight: number;
}

const EXTENSIONS =
  "py|pyi|pyx|pxd|js|jsx|mjs|cjs|ts|tsx|mts|cts|java|kt|scala|go|rs|rb|php|c|h|cc|cpp|hpp|cs|swift|m|mm|sh|" +
  "json|ya?ml|toml|ini|cfg|conf|md|rst|txt|html|css|scss|vue|svelte|sql|proto|lock|xml|gradle";
// A path with at least one directory, or a bare file name with a known extension.
const FILE_PATH = new RegExp(
  String.raw`(?<![\w.-])((?:[\w.-]+/)+[\w.-]*[\w-]\.[A-Za-z][\w]{0,5}|[\w-][\w.-]*\.(?:${EXTENSIONS}))(?![\w/-])`,
  "g",
);
// a.b or a.b.c: a candidate module. Which ones are real is for the tree to say.
const DOTTED = /(?<![\w.])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?![\w(])/g;
const IMPORT = /^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))/gm;
const FILE_EXTENSION = new RegExp(String.raw`\.(?:${EXTENSIONS})$`, "i");
// crate::a::b or tokio::sync::Semaphore: a path from a crate's root. Not a
// type's (`Vec::new`, `Self::Item`): a capital first names no crate.
const RUST_PATH = /(?<![\w:])([a-z_]\w*(?:::[A-Za-z_]\w*)+)/g;
// The standard library's crates and paths relative to a module the
// question does not name: nothing a repository's tree can place.
const NOT_A_CRATE = new Set(["std", "core", "alloc", "self", "super"]);

/**
 * The files and modules a question names: stack-frame files (with lines),
 * written paths, Rust paths from a crate's root (`tokio::io::Interest`,
 * `crate::parser`), and dotted module names (imports first). Nothing here
 * knows the tree; `resolvePathMentions` matches them to files.
 *
 * @example
 * findPathMentions("see astropy/io/fits/fitsrec.py and `from astropy.units import Quantity`", [])
 * // [{ path: "astropy/io/fits/fitsrec.py", source: "path", weight: 3 },
 * //  { path: "astropy/units", source: "module", weight: 2 }]
 */
export function findPathMentions(
  question: string,
  frames: readonly StackFrame[],
): PathMention[] {
  const out: PathMention[] = [];
  const seen = new Set<string>();
  const push = (mention: PathMention): void => {
    const key = `${mention.source}:${mention.path}:${mention.line ?? ""}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(mention);
    }
  };
  for (const frame of frames) {
    push({
      path: frame.path.replace(/\\/g, "/"),
      source: "stackFrame",
      line: frame.line,
      weight: PATH_WEIGHTS.stackFrame,
    });
  }
  const framePaths = new Set(
    frames.map((f) => f.path.replace(/\\/g, "/").replace(/^\/+/, "")),
  );
  for (const m of question.matchAll(FILE_PATH)) {
    const path = (m[1] ?? "").replace(/^\.\//, "");
    if (!framePaths.has(path) && !/^(?:https?|www\.)/.test(path))
      push({ path, source: "path", weight: PATH_WEIGHTS.path });
  }
  for (const m of question.matchAll(RUST_PATH)) {
    const path = m[1] ?? "";
    if (!NOT_A_CRATE.has(path.slice(0, path.indexOf(":"))))
      push({ path, source: "rustPath", weight: PATH_WEIGHTS.module });
  }
  const modules: string[] = [];
  for (const m of question.matchAll(IMPORT)) modules.push(m[1] ?? m[2] ?? "");
  for (const m of question.matchAll(DOTTED)) modules.push(m[1] ?? "");
  for (const name of modules) {
    if (!name || FILE_EXTENSION.test(name)) continue;
    push({
      path: name.replace(/\./g, "/"),
      source: "module",
      weight: PATH_WEIGHTS.module,
    });
  }
  return out;
}
