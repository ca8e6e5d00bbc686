import { extensionOf } from "../language.js";

/**
 * The languages askcode can parse into a syntax tree. Finer than `Language`
 * (language.ts), which only names the languages the regex declaration finders
 * know; each name here maps to one grammar (grammar-files.ts).
 */
export type SyntaxLanguage =
  | "python"
  | "javascript"
  | "typescript"
  | "tsx"
  | "go"
  | "rust"
  | "java"
  | "c"
  | "cpp"
  | "csharp"
  | "ruby"
  | "php"
  | "shell"
  | "kotlin"
  | "swift"
  | "scala";

const BY_EXTENSION = new Map<string, SyntaxLanguage>([
  ...["py", "pyi", "pyw"].map((e): [string, SyntaxLanguage] => [e, "python"]),
  ...["js", "jsx", "mjs", "cjs"].map((e): [string, SyntaxLanguage] => [
    e,
    "javascript",
  ]),
  ...["ts", "mts", "cts"].map((e): [string, SyntaxLanguage] => [
    e,
    "typescript",
  ]),
  ["tsx", "tsx"],
  ["go", "go"],
  ["rs", "rust"],
  ["java", "java"],
  ["c", "c"],
  // A ".h" header may be C or C++; the C++ grammar reads both (grammar-files.ts).
  ["h", "c"],
  ...["cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ipp", "tpp"].map(
    (e): [string, SyntaxLanguage] => [e, "cpp"],
  ),
  ["cs", "csharp"],
  ...["rb", "rake", "gemspec"].map((e): [string, SyntaxLanguage] => [
    e,
    "ruby",
  ]),
  ["php", "php"],
  ...["sh", "bash", "zsh"].map((e): [string, SyntaxLanguage] => [e, "shell"]),
  ...["kt", "kts"].map((e): [string, SyntaxLanguage] => [e, "kotlin"]),
  ["swift", "swift"],
  ...["scala", "sc"].map((e): [string, SyntaxLanguage] => [e, "scala"]),
]);

/**
 * The syntax-tree language of a file from its extension, or undefined for
 * files no grammar is meant for (prose, data, unknown extensions).
 *
 * @example
 * syntaxLanguageForPath("src/runtime/task.rs") // "rust"
 * syntaxLanguageForPath("web/App.tsx")         // "tsx"
 * syntaxLanguageForPath("README.md")           // undefined
 */
export function syntaxLanguageForPath(
  path: string,
): SyntaxLanguage | undefined {
  return BY_EXTENSION.get(extensionOf(path));
}
