import { languageRowFor, type Language } from "./languages.js";

/**
 * The structure-aware language of a file (the line-rule chunker that knows
 * its declarations), "text" for everything else.
 *
 * @example
 * languageForPath("src/app.tsx")   // "javascript"
 * languageForPath("pkg/models.py") // "python"
 * languageForPath("README.md")     // "text"
 */
export function languageForPath(path: string): Language {
  return languageRowFor(path)?.chunker ?? "text";
}
