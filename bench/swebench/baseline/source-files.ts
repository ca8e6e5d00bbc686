import {
  extensionOf,
  languageForPath,
} from "../../../src/retrieval/language.js";

/**
 * The language families of the evaluation sets, and the file extensions of
 * each family's source code: the benchmark's one definition of "source file".
 * The baseline's BM25 documents are the instance's family's source files
 * (SWE-bench's `rglob("*.py")` for Python), and the code-only view counts the
 * gold files that are source in any family.
 */
export type SourceFamily =
  "python" | "c-cpp" | "javascript" | "rust" | "jvm" | "go";

// Python is `py` alone: SWE-bench's documents are `*.py`, and its tables must
// not move (askcode's chunking also knows `pyi`/`pyw`, SWE-bench does not).
// C and C++ are one family: their headers share `.h`, and C++ projects carry
// C sources (fmt, simdjson). JavaScript is askcode's own "javascript" language
// (src/retrieval/language.ts), TypeScript included: JS repositories ship `.ts`
// typings and sources.
const EXTENSIONS: Record<
  Exclude<SourceFamily, "javascript">,
  readonly string[]
> = {
  python: ["py"],
  "c-cpp": [
    "c",
    "h",
    "cc",
    "cpp",
    "cxx",
    "c++",
    "hpp",
    "hh",
    "hxx",
    "h++",
    "ipp",
    "inl",
    "tpp",
  ],
  rust: ["rs"],
  jvm: ["java", "kt", "kts", "scala", "groovy"],
  go: ["go"],
};
const FAMILY_OF_EXTENSION = new Map<string, SourceFamily>(
  Object.entries(EXTENSIONS).flatMap(([family, extensions]) =>
    extensions.map((ext): [string, SourceFamily] => [
      ext,
      family as SourceFamily,
    ]),
  ),
);

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
  if (languageForPath(path) === "javascript") return "javascript";
  return FAMILY_OF_EXTENSION.get(extensionOf(path));
}
