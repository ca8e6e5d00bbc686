import { extensionOf, languageOfExtension } from "../text/languages.js";

/**
 * The language a history question is about: the language of most of the
 * files its commit changed (the first of them on a tie), by extension, named
 * as the language table names it (Linguist's name, lowercased: "typescript",
 * "c++", "rust"); the bare extension where the table has no row.
 * It groups the report's rows and picks the BM25 baseline's documents
 * (`baselineDocumentRule`).
 *
 * @example
 * questionLanguage(["src/cli/main.ts", "src/cli/run.ts", "bin/askcode.js"]) // "typescript"
 * questionLanguage(["src/uv-common.c", "include/uv.h"])                      // "c"
 */
export function questionLanguage(paths: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const path of paths) {
    const ext = extensionOf(path);
    const row = languageOfExtension(ext);
    const name = row?.linguist ?? row?.fence ?? ext;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  let best = "";
  let most = 0;
  // A Map keeps insertion order, so a tie goes to the language seen first.
  for (const [name, n] of counts)
    if (n > most) {
      best = name;
      most = n;
    }
  return best;
}
