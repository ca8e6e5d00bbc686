import type { SyntaxLanguage } from "../../text/languages.js";

/**
 * The grammar file (in @vscode/tree-sitter-wasm's `wasm/` folder) each
 * language is parsed with, or undefined where the package ships none: those
 * languages keep text chunking.
 *
 * C has no grammar of its own in the package; the C++ grammar parses C's
 * declarations into the same node types (function_definition,
 * struct_specifier, enum_specifier), and headers are often shared by both.
 */
export const GRAMMAR_FILES: Readonly<
  Record<SyntaxLanguage, string | undefined>
> = {
  python: "tree-sitter-python.wasm",
  javascript: "tree-sitter-javascript.wasm",
  typescript: "tree-sitter-typescript.wasm",
  tsx: "tree-sitter-tsx.wasm",
  go: "tree-sitter-go.wasm",
  rust: "tree-sitter-rust.wasm",
  java: "tree-sitter-java.wasm",
  c: "tree-sitter-cpp.wasm",
  cpp: "tree-sitter-cpp.wasm",
  csharp: "tree-sitter-c-sharp.wasm",
  ruby: "tree-sitter-ruby.wasm",
  php: "tree-sitter-php.wasm",
  shell: "tree-sitter-bash.wasm",
  kotlin: undefined,
  swift: undefined,
  scala: undefined,
};
