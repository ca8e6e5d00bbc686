import type { SyntaxLanguage } from "../../text/languages.js";

const VSCODE = "@vscode/tree-sitter-wasm/wasm";

/**
 * The grammar file each language is parsed with, as a module path, or
 * undefined where no package ships one that loads: those languages keep
 * text chunking. Every file is built for tree-sitter's ABI 14 or 15, which
 * `web-tree-sitter` 0.27 loads (grammars built for an older runtime do not).
 *
 * Most come from @vscode/tree-sitter-wasm, the MIT package VS Code ships.
 * Kotlin (fwcd's grammar) and Scala (tree-sitter-scala 0.23.4) come from
 * @cursorless/tree-sitter-wasms, and Swift (tree-sitter-swift 0.7.1) from
 * @repomix/tree-sitter-wasms: packages of prebuilt .wasm files only, with no
 * dependencies and no install script. The grammars' own npm packages carry
 * native bindings and an install script, and Kotlin's a command-line tool
 * (npm-check-updates) among its runtime dependencies.
 *
 * C has no grammar of its own in the package; the C++ grammar parses C's
 * declarations into the same node types (function_definition,
 * struct_specifier, enum_specifier), and headers are often shared by both.
 */
export const GRAMMAR_FILES: Readonly<
  Record<SyntaxLanguage, string | undefined>
> = {
  python: `${VSCODE}/tree-sitter-python.wasm`,
  javascript: `${VSCODE}/tree-sitter-javascript.wasm`,
  typescript: `${VSCODE}/tree-sitter-typescript.wasm`,
  tsx: `${VSCODE}/tree-sitter-tsx.wasm`,
  go: `${VSCODE}/tree-sitter-go.wasm`,
  rust: `${VSCODE}/tree-sitter-rust.wasm`,
  java: `${VSCODE}/tree-sitter-java.wasm`,
  c: `${VSCODE}/tree-sitter-cpp.wasm`,
  cpp: `${VSCODE}/tree-sitter-cpp.wasm`,
  csharp: `${VSCODE}/tree-sitter-c-sharp.wasm`,
  ruby: `${VSCODE}/tree-sitter-ruby.wasm`,
  php: `${VSCODE}/tree-sitter-php.wasm`,
  shell: `${VSCODE}/tree-sitter-bash.wasm`,
  kotlin: "@cursorless/tree-sitter-wasms/out/tree-sitter-kotlin.wasm",
  swift: "@repomix/tree-sitter-wasms/out/tree-sitter-swift.wasm",
  scala: "@cursorless/tree-sitter-wasms/out/tree-sitter-scala.wasm",
};
