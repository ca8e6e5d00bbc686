import { lineAt } from "./declared-dependency.js";
import type { FileImport } from "./file-import.js";

// `import a.b as c, d` (also indented, inside a function or a `try`).
const IMPORT = /^[ \t]*import[ \t]+([^\n#;]+)/gm;
// `from x.y import a, b as c`, `from x import (a,\n b)`, `from . import m`.
const FROM =
  /^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|(?:[^\n#;\\]|\\\n)+)/gm;

/**
 * The imports of a Python file, with the names each binds: `import a.b`
 * binds `a`, `import a.b as c` binds `c`, `from x import a as b` binds `b`
 * (a star import binds nothing known). Relative imports keep their dots.
 *
 * @example
 * pythonImports("import requests\nfrom urllib3.util.retry import Retry as R\n")
 * // [{ specifier: "requests", bindings: ["requests"], line: 1 }, { specifier: "urllib3.util.retry", bindings: ["R"], line: 2 }]
 */
export function pythonImports(text: string): FileImport[] {
  const imports: FileImport[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const { line } = lineAt(text, m.index ?? 0);
    for (const item of (m[1] ?? "").split(",")) {
      const [module = "", alias] = item.trim().split(/\s+as\s+/);
      if (!/^[\w.]+$/.test(module)) continue;
      const bound = alias?.trim() || module.split(".")[0] || module;
      imports.push({ specifier: module, bindings: [bound], line });
    }
  }
  for (const m of text.matchAll(FROM)) {
    const { line } = lineAt(text, m.index ?? 0);
    const names = (m[2] ?? "")
      .replace(/[()\\]/g, " ")
      .split(",")
      .map(
        (item) =>
          item
            .trim()
            .split(/\s+as\s+/)
            .at(-1)
            ?.trim() ?? "",
      )
      .filter((name) => /^\w+$/.test(name));
    imports.push({ specifier: m[1] ?? "", bindings: names, line });
  }
  return imports.sort((a, b) => a.line - b.line);
}
