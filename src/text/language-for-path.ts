import { languageRowFor, type Language } from "./languages.js";

/**
 * The line-rule chunker of a file (its table row's `chunker`), "text" for
 * everything else: files cut on their syntax tree or on blank lines.
 *
 * @example
 * languageForPath("src/app.tsx")   // "javascript"
 * languageForPath("pkg/models.py") // "text" (cut on its syntax tree)
 * languageForPath("README.md")     // "text"
 */
export function languageForPath(path: string): Language {
  return languageRowFor(path)?.chunker ?? "text";
}
