import { lineAt } from "./declared-dependency.js";
import type { FileImport } from "./file-import.js";

// `import "fmt"`, `import yaml "gopkg.in/yaml.v3"`.
const SINGLE = /^import[ \t]+(?:([\w.]+)[ \t]+)?"([^"]+)"/gm;
const BLOCK = /^import[ \t]*\(([^)]*)\)/gm;
const SPEC = /^[ \t]*(?:([\w.]+)[ \t]+)?"([^"]+)"/gm;

/**
 * The imports of a Go file, single or in an `import (…)` block, each
 * binding its alias or the name its path most likely declares (see
 * `goPackageName`); blank (`_`) and dot imports bind none.
 *
 * @example
 * goImports('import (\n\t"fmt"\n\tflag "github.com/spf13/pflag"\n)\n')
 * // [{ specifier: "fmt", bindings: ["fmt"], line: 2 }, { specifier: "github.com/spf13/pflag", bindings: ["flag"], line: 3 }]
 */
export function goImports(text: string): FileImport[] {
  const imports: FileImport[] = [];
  const add = (alias: string | undefined, path: string, at: number): void => {
    const bound = alias ?? goPackageName(path);
    imports.push({
      specifier: path,
      bindings: bound === "_" || bound === "." ? [] : [bound],
      line: lineAt(text, at).line,
    });
  };
  for (const m of text.matchAll(SINGLE)) add(m[1], m[2] ?? "", m.index ?? 0);
  for (const block of text.matchAll(BLOCK)) {
    const body = block[1] ?? "";
    const from = (block.index ?? 0) + block[0].indexOf("(") + 1;
    for (const m of body.matchAll(SPEC))
      add(
        m[1],
        m[2] ?? "",
        from + (m.index ?? 0) + (m[0].length - m[0].trimStart().length),
      );
  }
  return imports.sort((a, b) => a.line - b.line);
}

/**
 * The package name an import path most likely declares: its last element,
 * without a major-version element (`/v2`) or suffix (`yaml.v3`) and the
 * `go-` prefix or `-go` suffix many repositories carry. A package may
 * declare any name; this is the convention
 * (https://go.dev/blog/package-names).
 *
 * @example
 * goPackageName("github.com/mattn/go-isatty") // "isatty"
 * goPackageName("gopkg.in/yaml.v3")           // "yaml"
 * goPackageName("github.com/x/y/v2")          // "y"
 */
export function goPackageName(path: string): string {
  const parts = path.split("/");
  let last = parts.at(-1) ?? path;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts.at(-2) ?? last;
  return last
    .replace(/\.v\d+$/, "")
    .replace(/^go-|-go$|\.go$/g, "")
    .replace(/[^\w]/g, "_");
}
