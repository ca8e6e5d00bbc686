import {
  extensionOf,
  languageOfExtension,
  type SourceFamily,
} from "../../../src/text/languages.js";

// The language families and their extensions are the language table's
// (src/text/languages.ts): a file is source when its language has a family.
// Python is `py` alone: SWE-bench's documents are `*.py`, and its tables must
// not move (askcode's chunking also knows `pyi`/`pyw`, SWE-bench does not).
// C and C++ are one family: their headers share `.h`, and C++ projects carry
// C sources (fmt, simdjson). JavaScript includes TypeScript: JS repositories
// ship `.ts` typings and sources. Files known by name alone (Jenkinsfile) are
// build files, never source.
export type { SourceFamily };

// The `language` field of an instance, as the data sets spell it (lowercased):
// the multi-language set's codes ("cpp", "js") and the names people write.
const FAMILY_OF_LANGUAGE = new Map<string, SourceFamily>([
  ["python", "python"],
  ["py", "python"],
  ["c", "c-cpp"],
  ["cpp", "c-cpp"],
  ["c++", "c-cpp"],
  ["js", "javascript"],
  ["javascript", "javascript"],
  ["ts", "javascript"],
  ["typescript", "javascript"],
  ["rust", "rust"],
  ["java", "jvm"],
  ["kotlin", "jvm"],
  ["go", "go"],
]);

/** The language names an instance's `language` may hold, for error messages. */
export const KNOWN_LANGUAGES: readonly string[] = [
  ...FAMILY_OF_LANGUAGE.keys(),
];

/**
 * The source family of an instance's language; SWE-bench's rows name none and
 * are Python. Undefined for a language the table does not know.
 *
 * @example
 * familyOfLanguage("cpp")     // "c-cpp"
 * familyOfLanguage(undefined) // "python"
 * familyOfLanguage("cobol")   // undefined
 */
export function familyOfLanguage(
  language: string | undefined,
): SourceFamily | undefined {
  return language === undefined
    ? "python"
    : FAMILY_OF_LANGUAGE.get(language.toLowerCase());
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
