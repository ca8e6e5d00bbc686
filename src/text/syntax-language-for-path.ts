import { languageRowFor, type SyntaxLanguage } from "./languages.js";

/**
 * The syntax-tree language of a file, or undefined for files no grammar is
 * meant for (prose, data, unknown extensions).
 *
 * @example
 * syntaxLanguageForPath("src/runtime/task.rs") // "rust"
 * syntaxLanguageForPath("web/App.tsx")         // "tsx"
 * syntaxLanguageForPath("README.md")           // undefined
 */
export function syntaxLanguageForPath(
  path: string,
): SyntaxLanguage | undefined {
  return languageRowFor(path)?.syntax;
}
