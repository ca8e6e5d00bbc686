/**
 * The languages askcode can parse into a syntax tree; each name maps to one
 * grammar (src/retrieval/chunks/grammar-files.ts).
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

/**
 * The language families of the evaluation sets (bench/swebench): the
 * benchmark counts a file as source when its language has a family.
 */
export type SourceFamily =
  "python" | "c-cpp" | "javascript" | "rust" | "jvm" | "go";

/** What askcode knows about one language. */
export interface LanguageRow {
  /**
   * The info string of a fenced block, read by GitHub as a Linguist language
   * name or alias (https://github.com/github-linguist/linguist/blob/main/lib/linguist/languages.yml);
   * absent when GitHub would not know it for sure (a plain block beats a wrong one).
   */
  fence?: string;
  /**
   * Linguist's own name for the language, lowercased, where it is not the
   * fence name: what a code search's `language:` qualifier names.
   */
  linguist?: string;
  /**
   * Other names a code search's `language:` qualifier accepts for it, lowercased:
   * Linguist's aliases ("golang", "objc") and what people write ("docker").
   * Its extensions and fence name are accepted without being listed here.
   */
  aliases?: readonly string[];
  /**
   * The Linguist language it is searched with too, as Linguist's `group`
   * counts TSX as TypeScript: `language:typescript` finds ".tsx" files.
   */
  group?: string;
  /** Lowercased extensions, without the dot. */
  extensions: readonly string[];
  /**
   * Extensions a path lookup gives to another row that this language's files
   * use too (a C++ or Objective-C header is often ".h", which is C by path):
   * a search for this language reads them.
   */
  sharedExtensions?: readonly string[];
  /** Lowercased whole file names, for files known by name ("Makefile"). */
  fileNames?: readonly string[];
  /** Line-comment prefix, for markers such as "# … lines 120-180 omitted". */
  comment?: "#" | "//" | "--";
  /**
   * The tree-sitter grammar that parses it: its files are cut on their
   * syntax trees (src/retrieval/chunks/), a language without one on blank
   * lines. Every language with a grammar is, since the tree matched or beat
   * line rules where they were measured against each other (Python,
   * JavaScript, TypeScript: docs/architecture/retrieval.md, 'Chunking on
   * syntax trees').
   */
  syntax?: SyntaxLanguage;
  /** The benchmark's source family (src/eval/baseline/source-files.ts). */
  family?: SourceFamily;
}

/**
 * Every language askcode knows, one row each; every lookup by path
 * (`syntaxLanguageForPath`, `fenceLanguage`,
 * `commentPrefixFor`, the benchmark's `sourceFamilyOf`) and by name
 * (`languageNamed`, for a code search's `language:` qualifier) reads this table.
 * Rows stay apart where one of those answers differs (JSX is JavaScript to
 * the parser but "jsx" to GitHub's highlighter; Gradle is Groovy to GitHub
 * but a build file, not source, to the benchmark).
 */
export const LANGUAGES: readonly LanguageRow[] = [
  // prettier-ignore
  { fence: "python", extensions: ["py", "pyi", "pyw"], comment: "#", syntax: "python", family: "python" },
  { fence: "cython", extensions: ["pyx"], comment: "#" },
  // prettier-ignore
  { fence: "javascript", aliases: ["node"], extensions: ["js", "mjs", "cjs"], comment: "//", syntax: "javascript", family: "javascript" },
  // prettier-ignore
  { fence: "jsx", linguist: "javascript", extensions: ["jsx"], comment: "//", syntax: "javascript", family: "javascript" },
  // prettier-ignore
  { fence: "typescript", extensions: ["ts", "mts", "cts"], comment: "//", syntax: "typescript", family: "javascript" },
  // prettier-ignore
  { fence: "tsx", group: "typescript", extensions: ["tsx"], comment: "//", syntax: "tsx", family: "javascript" },
  // prettier-ignore
  { fence: "ruby", extensions: ["rb", "rake", "gemspec"], fileNames: ["gemfile", "rakefile", "vagrantfile"], comment: "#", syntax: "ruby" },
  {
    fence: "go",
    aliases: ["golang"],
    extensions: ["go"],
    comment: "//",
    syntax: "go",
    family: "go",
  },
  // prettier-ignore
  { fence: "rust", extensions: ["rs"], comment: "//", syntax: "rust", family: "rust" },
  // prettier-ignore
  { fence: "java", extensions: ["java"], comment: "//", syntax: "java", family: "jvm" },
  // prettier-ignore
  { fence: "kotlin", extensions: ["kt", "kts"], comment: "//", syntax: "kotlin", family: "jvm" },
  // prettier-ignore
  { fence: "scala", extensions: ["scala", "sc"], comment: "//", syntax: "scala", family: "jvm" },
  { fence: "groovy", extensions: ["groovy"], comment: "//", family: "jvm" },
  // Build scripts in Groovy: highlighted as Groovy, not counted as source.
  // prettier-ignore
  { fence: "groovy", extensions: ["gradle"], fileNames: ["jenkinsfile"], comment: "//" },
  { fence: "swift", extensions: ["swift"], comment: "//", syntax: "swift" },
  // ".m" is also MATLAB and Mercury to GitHub: searched as Objective-C, fenced plain.
  // prettier-ignore
  { linguist: "objective-c", aliases: ["objc", "obj-c", "objectivec"], extensions: ["m"], sharedExtensions: ["h"], comment: "//" },
  // prettier-ignore
  { fence: "objective-c++", aliases: ["objc++", "obj-c++", "objectivec++"], extensions: ["mm"], sharedExtensions: ["h"], comment: "//" },
  // A ".h" header may be C or C++; the C++ grammar reads both (grammar-files.ts).
  {
    fence: "c",
    extensions: ["c", "h"],
    comment: "//",
    syntax: "c",
    family: "c-cpp",
  },
  // prettier-ignore
  { fence: "cpp", linguist: "c++", extensions: ["cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ipp", "inl", "tpp"], sharedExtensions: ["h"], comment: "//", syntax: "cpp", family: "c-cpp" },
  {
    fence: "csharp",
    linguist: "c#",
    extensions: ["cs"],
    comment: "//",
    syntax: "csharp",
  },
  { fence: "fsharp", linguist: "f#", extensions: ["fs"] },
  { fence: "php", extensions: ["php"], comment: "//", syntax: "php" },
  { fence: "perl", extensions: ["pl", "pm"], comment: "#" },
  { fence: "r", extensions: ["r"], comment: "#" },
  { fence: "julia", extensions: ["jl"], comment: "#" },
  { fence: "lua", extensions: ["lua"], comment: "--" },
  // prettier-ignore
  { fence: "bash", linguist: "shell", extensions: ["sh", "bash"], comment: "#", syntax: "shell" },
  {
    fence: "zsh",
    linguist: "shell",
    extensions: ["zsh"],
    comment: "#",
    syntax: "shell",
  },
  { fence: "fish", extensions: ["fish"] },
  { fence: "powershell", extensions: ["ps1"], comment: "#" },
  { fence: "sql", extensions: ["sql"], comment: "--" },
  { fence: "markdown", extensions: ["md", "markdown"] },
  { fence: "mdx", extensions: ["mdx"] },
  { fence: "rst", extensions: ["rst"] },
  { fence: "json", extensions: ["json"] },
  {
    fence: "jsonc",
    linguist: "json with comments",
    extensions: ["jsonc"],
    comment: "//",
  },
  { fence: "json5", extensions: ["json5"] },
  { fence: "yaml", extensions: ["yaml", "yml"], comment: "#" },
  { fence: "toml", extensions: ["toml"], comment: "#" },
  { fence: "ini", extensions: ["ini", "cfg"], comment: "#" },
  { extensions: ["conf"], comment: "#" },
  { fence: "xml", extensions: ["xml"] },
  { fence: "html", extensions: ["html", "htm"] },
  { fence: "css", extensions: ["css"] },
  { fence: "scss", extensions: ["scss"] },
  { fence: "sass", extensions: ["sass"] },
  { fence: "less", extensions: ["less"] },
  { fence: "vue", extensions: ["vue"] },
  { fence: "svelte", extensions: ["svelte"] },
  { fence: "graphql", extensions: ["graphql", "gql"] },
  {
    fence: "protobuf",
    linguist: "protocol buffer",
    extensions: ["proto"],
    comment: "//",
  },
  { fence: "hcl", extensions: ["hcl", "tf"], comment: "#" },
  { fence: "properties", extensions: ["properties"] },
  { fence: "elixir", extensions: ["ex", "exs"], comment: "#" },
  { fence: "erlang", extensions: ["erl", "hrl"] },
  { fence: "elm", extensions: ["elm"], comment: "--" },
  { fence: "haskell", extensions: ["hs"], comment: "--" },
  { fence: "ocaml", extensions: ["ml", "mli"] },
  { fence: "clojure", extensions: ["clj", "cljs", "cljc"] },
  { fence: "dart", extensions: ["dart"], comment: "//" },
  { fence: "zig", extensions: ["zig"], comment: "//" },
  { fence: "nim", extensions: ["nim"] },
  { fence: "solidity", extensions: ["sol"], comment: "//" },
  { fence: "vim", linguist: "vim script", extensions: ["vim"] },
  { fence: "emacs-lisp", linguist: "emacs lisp", extensions: ["el"] },
  // prettier-ignore
  { fence: "makefile", aliases: ["make"], extensions: ["mk"], fileNames: ["makefile", "gnumakefile"], comment: "#" },
  // prettier-ignore
  { fence: "cmake", extensions: ["cmake"], fileNames: ["cmakelists.txt"], comment: "#" },
  { fence: "nix", extensions: ["nix"], comment: "#" },
  { fence: "diff", extensions: ["diff", "patch"] },
  // prettier-ignore
  { fence: "dockerfile", aliases: ["docker"], extensions: ["dockerfile"], fileNames: ["dockerfile", "containerfile"], comment: "#" },
  { extensions: [], fileNames: ["procfile"], comment: "#" },
  // Languages whose comments we know but whose fence name is ambiguous on
  // GitHub (".v" is V, Verilog or Coq) or not worth the risk.
  { extensions: ["cr"], comment: "#" },
  { extensions: ["coffee"], comment: "#" },
  { extensions: ["v"], comment: "//" },
  { extensions: ["ada"], comment: "--" },
  { extensions: ["vhd"], comment: "--" },
];

const BY_EXTENSION = new Map<string, LanguageRow>(
  LANGUAGES.flatMap((row) =>
    row.extensions.map((ext): [string, LanguageRow] => [ext, row]),
  ),
);
const BY_FILE_NAME = new Map<string, LanguageRow>(
  LANGUAGES.flatMap((row) =>
    (row.fileNames ?? []).map((name): [string, LanguageRow] => [name, row]),
  ),
);

/**
 * The lowercased extension of a path, without the dot ("" when there is none,
 * and for dotfiles such as ".bashrc").
 *
 * @example
 * extensionOf("src/App.TSX") // "tsx"
 * extensionOf("Makefile")    // ""
 */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * The row of a file's language from its extension alone, or undefined.
 *
 * @example
 * languageOfExtension("rs")  // { fence: "rust", … }
 * languageOfExtension("txt") // undefined
 */
export function languageOfExtension(ext: string): LanguageRow | undefined {
  return BY_EXTENSION.get(ext);
}

/**
 * The row of a file's language: by its whole name first ("Dockerfile",
 * "CMakeLists.txt"), then by its extension; undefined when neither is known.
 *
 * @example
 * languageRowFor("src/app.py")           // { fence: "python", … }
 * languageRowFor("build/CMakeLists.txt") // { fence: "cmake", … }
 * languageRowFor("notes.txt")            // undefined
 */
export function languageRowFor(path: string): LanguageRow | undefined {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  return BY_FILE_NAME.get(name) ?? BY_EXTENSION.get(extensionOf(path));
}
