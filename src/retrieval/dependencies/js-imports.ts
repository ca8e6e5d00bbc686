import { lineAt } from "./declared-dependency.js";
import type { FileImport } from "./file-import.js";
import { isCommentLine } from "./is-comment-line.js";

// `import X, { a, b as c, type D } from "m"`, `import * as ns from "m"`.
const IMPORT_FROM =
  /(?:^|[;\n])[ \t]*import\s+(?:type\s+)?([\w$*{},\s]+?)\s*from\s*(["'])([^"'\n]+)\2/g;
// `import "m"`, `export * from "m"`, `export { a } from "m"`: nothing bound here.
const IMPORT_BARE =
  /(?:^|[;\n])[ \t]*(?:import|export\s+(?:type\s+)?[\w$*{},\s]*?\s*from)\s*(["'])([^"'\n]+)\1/g;
// `const X = require("m")`, `var { a, b: c } = require("m")`, `import X = require("m")`
// (TypeScript), a bare `require("m")` and a dynamic `import("m")`.
const REQUIRE =
  /(?:\b(?:const|let|var|import)\s+([\w$]+|\{[^}]*\})\s*=\s*)?\b(?:require|import)\s*\(\s*(["'])([^"'\n]+)\2\s*\)/g;

/**
 * The imports of a JavaScript or TypeScript file: ES `import`/`export …
 * from`, CommonJS `require` and dynamic `import()`, with the names each
 * binds, in line order. Lines of comments (`//`, `/*`, ` *`) import nothing: a doc
 * comment's `require('ejs')` is an example, not a dependency.
 *
 * @example
 * jsImports("var Router = require('router');\nimport { a as b } from '@x/y/z';")
 * // [{ specifier: "router", bindings: ["Router"], line: 1 }, { specifier: "@x/y/z", bindings: ["b"], line: 2 }]
 */
export function jsImports(text: string): FileImport[] {
  const imports: FileImport[] = [];
  const add = (at: number, specifier: string, bindings: string[]): void => {
    const { line, text: lineText } = lineAt(text, at);
    if (isCommentLine(lineText)) return;
    imports.push({ specifier, bindings, line });
  };
  for (const m of text.matchAll(IMPORT_FROM))
    add(startOf(m), m[3] ?? "", clauseBindings(m[1] ?? ""));
  for (const m of text.matchAll(IMPORT_BARE)) add(startOf(m), m[2] ?? "", []);
  for (const m of text.matchAll(REQUIRE))
    add(m.index ?? 0, m[3] ?? "", m[1] ? clauseBindings(m[1]) : []);
  return imports.sort((a, b) => a.line - b.line);
}

/** Where a match that may start at the newline before it begins its statement. */
function startOf(m: RegExpMatchArray): number {
  const at = m.index ?? 0;
  return /^[;\n]/.test(m[0]) ? at + 1 : at;
}

/**
 * The local names of an import clause or a destructuring pattern:
 * `X, { a, b as c, type D }` → X, a, c, D; `* as ns` → ns; `{ a, b: c }` → a, c.
 */
function clauseBindings(clause: string): string[] {
  const names: string[] = [];
  const outside = clause.replace(/\{[^}]*\}/, "");
  const namespace = /\*\s*as\s+([\w$]+)/.exec(outside);
  if (namespace?.[1]) names.push(namespace[1]);
  else
    for (const word of outside.split(","))
      if (/^[\w$]+$/.test(word.trim())) names.push(word.trim());
  const braces = /\{([^}]*)\}/.exec(clause);
  for (const item of braces?.[1]?.split(",") ?? []) {
    const parts = item
      .trim()
      .replace(/^type\s+/, "")
      .split(/\s+as\s+|\s*:\s*/);
    const local = parts
      .at(-1)
      ?.replace(/\s*=.*$/, "")
      .trim();
    if (local && /^[\w$]+$/.test(local)) names.push(local);
  }
  return names;
}
