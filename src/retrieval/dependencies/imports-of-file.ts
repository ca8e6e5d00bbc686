import { syntaxLanguageForPath } from "../../text/syntax-language-for-path.js";
import type { Ecosystem } from "./declared-dependency.js";
import type { FileImport } from "./file-import.js";
import { goImports } from "./go-imports.js";
import { jsImports } from "./js-imports.js";
import { pythonImports } from "./python-imports.js";
import { rustImports } from "./rust-imports.js";

/** A file's imports and the package world they name packages of. */
export interface ImportsOfFile {
  ecosystem: Ecosystem;
  imports: FileImport[];
}

/**
 * The imports of a source file in a language askcode reads imports of
 * (JavaScript, TypeScript, Python, Rust, Go), by its path; undefined for
 * any other file.
 *
 * @example
 * importsOfFile("lib/application.js", "var Router = require('router');")
 * // { ecosystem: "npm", imports: [{ specifier: "router", bindings: ["Router"], line: 1 }] }
 */
export function importsOfFile(
  path: string,
  text: string,
): ImportsOfFile | undefined {
  switch (syntaxLanguageForPath(path)) {
    case "javascript":
    case "typescript":
    case "tsx":
      return { ecosystem: "npm", imports: jsImports(text) };
    case "python":
      return { ecosystem: "python", imports: pythonImports(text) };
    case "rust":
      return { ecosystem: "cargo", imports: rustImports(text) };
    case "go":
      return { ecosystem: "go", imports: goImports(text) };
    default:
      return undefined;
  }
}
