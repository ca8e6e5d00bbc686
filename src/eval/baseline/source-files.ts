import { languageNamed } from "../../text/language-named.js";
import {
  extensionOf,
  LANGUAGES,
  languageOfExtension,
  type SourceFamily,
} from "../../text/languages.js";

// The language families and their extensions are the language table's
// (src/text/languages.ts): a file is source when its language has a family.
// Python is `py` alone: SWE-bench's documents are `*.py`, and its tables must
// not move (askcode's chunking also knows `pyi`/`pyw`, SWE-bench does not).
// C and C++ are one family: their headers share `.h`, and C++ projects carry
// C sources (fmt, simdjson). JavaScript includes TypeScript: JS repositories
// ship `.ts` typings and sources. Files known by name alone (Jenkinsfile) are
// build files, never source.
export type { SourceFamily };

/**
 * The language names an instance's `language` may hold, for error messages:
 * the Linguist and fence names of the languages with a family (the data sets'
 * codes, "cpp", "js", are these or their extensions).
 */
export const KNOWN_LANGUAGES: readonly string[] = [
  ...new Set(
    LANGUAGES.filter((row) => row.family !== undefined).flatMap((row) =>
      [row.linguist, row.fence].filter((name) => name !== undefined),
    ),
  ),
];

/**
 * The source family of an instance's language, read as a code search's
 * `language:` qualifier is (a name, an alias or an extension); SWE-bench's
 * rows name none and are Python. Undefined for a language the table does not
 * know or whose files are not source.
 *
 * @example
 * familyOfLanguage("cpp")     // "c-cpp"
 * familyOfLanguage(undefined) // "python"
 * familyOfLanguage("cobol")   // undefined
 */
export function familyOfLanguage(
  language: string | undefined,
): SourceFamily | undefined {
  if (language === undefined) return "python";
  return languageNamed(language)?.rows.find((row) => row.family)?.family;
}

/**
 * The source family of a file from its extension; undefined for anything that
 * is not source code (docs, data, build files, scripts of other languages).
 *
 * @example
 * sourceFamilyOf("include/fmt/format.h") // "c-cpp"
 * sourceFamilyOf("src/index.d.ts")       // "javascript"
 * sourceFamilyOf("ChangeLog.md")         // undefined
 */
export function sourceFamilyOf(path: string): SourceFamily | undefined {
  const ext = extensionOf(path);
  const family = languageOfExtension(ext)?.family;
  return family === "python" && ext !== "py" ? undefined : family;
}
