import { languageRowFor } from "./languages.js";

/**
 * The line-comment prefix for a file ("#", "//", "--"), so a marker such as
 * "# … lines 120-180 omitted" reads as a comment in the language around it;
 * undefined when the format has none we can rely on (Markdown, JSON,
 * reStructuredText).
 *
 * @example
 * commentPrefixFor("a/b.py")    // "#"
 * commentPrefixFor("Makefile")  // "#"
 * commentPrefixFor("README.md") // undefined
 */
export function commentPrefixFor(path: string): string | undefined {
  return languageRowFor(path)?.comment;
}
