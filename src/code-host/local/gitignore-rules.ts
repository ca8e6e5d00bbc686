import { createRequire } from "node:module";
import type { Ignore } from "ignore";

// `ignore` is CommonJS, and imported from a module it cost every
// `askcode ask` 10-40 ms of loading, although only a directory that git
// cannot list (outside a checkout) has ignore files read here: required
// when the first is parsed, it costs a question in a checkout nothing.
const require = createRequire(import.meta.url);
let ignore: typeof import("ignore") | undefined;

/** The rules of one ignore file and the directory its patterns are relative to. */
export interface IgnoreRules {
  /** Repository-relative directory of the file ("" for the root and `.git/info/exclude`). */
  base: string;
  rules: Ignore;
}

/** Parses the text of a `.gitignore` (or `.git/info/exclude`) that lives in `base`. */
export function parseIgnoreRules(base: string, text: string): IgnoreRules {
  ignore ??= require("ignore") as typeof import("ignore");
  return { base, rules: ignore().add(text) };
}

/**
 * Whether git would ignore `path`, given the ignore files that apply to it,
 * outermost first (`.git/info/exclude`, the root `.gitignore`, then nested
 * ones down to the path's directory). As in git, the deepest file that has a
 * rule for the path wins, so a nested `!keep.log` re-includes what the root
 * ignored. Parents are not re-checked: the walk never enters an ignored directory.
 * https://git-scm.com/docs/gitignore#_description
 *
 * @example
 * isIgnored([parseIgnoreRules("", "*.log\n")], "src/debug.log", false) // true
 */
export function isIgnored(
  stack: readonly IgnoreRules[],
  path: string,
  isDirectory: boolean,
): boolean {
  for (let i = stack.length - 1; i >= 0; i--) {
    const { base, rules } = stack[i] as IgnoreRules;
    const relative = base === "" ? path : path.slice(base.length + 1);
    // A trailing slash lets directory-only patterns ("build/") match.
    const result = rules.test(isDirectory ? relative + "/" : relative);
    if (result.ignored) return true;
    if (result.unignored) return false;
  }
  return false;
}
