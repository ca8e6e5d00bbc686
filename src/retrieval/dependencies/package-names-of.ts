import { builtinModules } from "node:module";
import type { Ecosystem } from "./declared-dependency.js";
import { pythonModuleName } from "./python-requirement.js";

// Node's own modules ("fs", "fs/promises", "path"): an npm package of the
// same name, even one declared, is not what `require("fs")` loads.
const NODE_BUILTINS = new Set(builtinModules);

/**
 * The names of the package an import specifier may belong to, longest
 * first: none for a relative import or one of Node's own modules; the
 * package without its subpath for npm (`@scope/pkg`, `pkg`); the top-level
 * module for Python and the crate for Rust; for Go every leading part of the
 * path, since a module's path is a prefix of its packages' paths.
 *
 * @example
 * packageNamesOf("npm", "@octokit/rest/dist/x") // ["@octokit/rest"]
 * packageNamesOf("npm", "node:fs")              // []
 * packageNamesOf("python", "urllib3.util")      // ["urllib3"]
 * packageNamesOf("go", "github.com/a/b/c")      // ["github.com/a/b/c", "github.com/a/b", "github.com/a", "github.com"]
 */
export function packageNamesOf(
  ecosystem: Ecosystem,
  specifier: string,
): string[] {
  switch (ecosystem) {
    case "npm": {
      if (/^[./]/.test(specifier) || specifier.startsWith("node:")) return [];
      const parts = specifier.split("/");
      const name = specifier.startsWith("@")
        ? parts.slice(0, 2).join("/")
        : (parts[0] ?? "");
      return NODE_BUILTINS.has(name) || NODE_BUILTINS.has(specifier)
        ? []
        : [name];
    }
    case "python":
      return specifier.startsWith(".")
        ? []
        : [pythonModuleName(specifier.split(".")[0] ?? "")];
    case "cargo":
      return [specifier];
    case "go":
      return specifier
        .split("/")
        .map((_, i, parts) => parts.slice(0, parts.length - i).join("/"));
  }
}
