import { languageRowFor } from "./languages.js";

/**
 * The info string for a fenced block of a file's lines, so GitHub highlights
 * it; "" when GitHub would not know the language (a plain block beats a
 * wrong one).
 *
 * @example
 * fenceLanguage("src/upload.ts") // "typescript"
 * fenceLanguage("Dockerfile")    // "dockerfile"
 * fenceLanguage("data/x.weird")  // ""
 */
export function fenceLanguage(path: string): string {
  return languageRowFor(path)?.fence ?? "";
}
