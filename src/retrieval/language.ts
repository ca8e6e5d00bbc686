/**
 * The languages chunking and compression know by structure; everything else
 * is "text" and is cut on blank lines.
 */
export type Language = "python" | "javascript" | "text";

const PYTHON = new Set(["py", "pyi", "pyw"]);
const JAVASCRIPT = new Set([
  "js",
  "jsx",
  "mjs",
  "cjs",
  "ts",
  "tsx",
  "mts",
  "cts",
]);

// Line-comment syntax for markers such as "# … lines 120-180 omitted", so the
// marker reads as a comment in the language around it. Languages not listed get
// a neutral marker with no comment prefix.
const HASH = [
  "py",
  "pyi",
  "pyw",
  "pyx",
  "sh",
  "bash",
  "zsh",
  "rb",
  "pl",
  "r",
  "yaml",
  "yml",
  "toml",
  "cfg",
  "ini",
  "conf",
  "mk",
  "cmake",
  "tf",
  "nix",
  "ps1",
  "jl",
  "ex",
  "exs",
  "cr",
  "coffee",
];
const SLASHES = [
  "js",
  "jsx",
  "mjs",
  "cjs",
  "ts",
  "tsx",
  "mts",
  "cts",
  "java",
  "kt",
  "kts",
  "scala",
  "go",
  "rs",
  "c",
  "h",
  "cc",
  "cpp",
  "cxx",
  "hpp",
  "hh",
  "cs",
  "swift",
  "dart",
  "php",
  "groovy",
  "gradle",
  "proto",
  "zig",
  "v",
  "sol",
  "jsonc",
];
const DASHES = ["sql", "lua", "hs", "elm", "ada", "vhd"];
const COMMENT_PREFIX = new Map<string, string>([
  ...HASH.map((e): [string, string] => [e, "#"]),
  ...SLASHES.map((e): [string, string] => [e, "//"]),
  ...DASHES.map((e): [string, string] => [e, "--"]),
]);
const HASH_FILE_NAMES = new Set([
  "makefile",
  "dockerfile",
  "gemfile",
  "rakefile",
  "procfile",
  "vagrantfile",
]);

/** The lowercased extension of a path, without the dot ("" when there is none). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * The structure-aware language of a file, from its extension.
 *
 * @example
 * languageForPath("src/app.tsx")   // "javascript"
 * languageForPath("pkg/models.py") // "python"
 * languageForPath("README.md")     // "text"
 */
export function languageForPath(path: string): Language {
  const ext = extensionOf(path);
  if (PYTHON.has(ext)) return "python";
  if (JAVASCRIPT.has(ext)) return "javascript";
  return "text";
}

/**
 * The line-comment prefix for a file ("#", "//", "--"), or undefined when the
 * format has none we can rely on (Markdown, JSON, reStructuredText).
 *
 * @example
 * commentPrefixFor("a/b.py")    // "#"
 * commentPrefixFor("Makefile")  // "#"
 * commentPrefixFor("README.md") // undefined
 */
export function commentPrefixFor(path: string): string | undefined {
  const ext = extensionOf(path);
  if (ext) return COMMENT_PREFIX.get(ext);
  return HASH_FILE_NAMES.has(
    path.slice(path.lastIndexOf("/") + 1).toLowerCase(),
  )
    ? "#"
    : undefined;
}
