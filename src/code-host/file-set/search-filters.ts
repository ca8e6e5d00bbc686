import type { CodeSearchQuery } from "../code-host.js";
import { isWithin, normalizeRepoPath } from "../../shared/repo-path.js";
import { baseName } from "./search-file.js";

// Language names as GitHub's code search knows them (and common aliases), to
// the file suffixes or exact file names that hold that language. Not
// exhaustive: an unknown name falls back to being treated as an extension.
const LANGUAGE_FILES: Record<string, string[]> = {
  typescript: [".ts", ".tsx", ".mts", ".cts"],
  javascript: [".js", ".jsx", ".mjs", ".cjs"],
  python: [".py", ".pyi"],
  go: [".go"],
  rust: [".rs"],
  java: [".java"],
  kotlin: [".kt", ".kts"],
  scala: [".scala", ".sc"],
  c: [".c", ".h"],
  "c++": [".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx", ".h"],
  "c#": [".cs"],
  "objective-c": [".m", ".mm", ".h"],
  swift: [".swift"],
  ruby: [".rb", "Gemfile", "Rakefile"],
  php: [".php"],
  shell: [".sh", ".bash", ".zsh"],
  lua: [".lua"],
  dart: [".dart"],
  elixir: [".ex", ".exs"],
  erlang: [".erl", ".hrl"],
  haskell: [".hs"],
  clojure: [".clj", ".cljs", ".cljc"],
  r: [".r"],
  sql: [".sql"],
  html: [".html", ".htm"],
  css: [".css"],
  scss: [".scss"],
  vue: [".vue"],
  svelte: [".svelte"],
  markdown: [".md", ".markdown", ".mdx"],
  json: [".json"],
  yaml: [".yml", ".yaml"],
  toml: [".toml"],
  xml: [".xml"],
  dockerfile: ["Dockerfile", ".dockerfile"],
  makefile: ["Makefile", "makefile", ".mk"],
};

const LANGUAGE_ALIASES: Record<string, string> = {
  ts: "typescript",
  js: "javascript",
  node: "javascript",
  py: "python",
  golang: "go",
  rs: "rust",
  kt: "kotlin",
  cpp: "c++",
  cxx: "c++",
  csharp: "c#",
  cs: "c#",
  objc: "objective-c",
  rb: "ruby",
  bash: "shell",
  sh: "shell",
  zsh: "shell",
  md: "markdown",
  yml: "yaml",
  docker: "dockerfile",
  make: "makefile",
};

/** Which files a query's filters admit, and sentences describing them. */
export interface SearchFileFilter {
  matches(path: string): boolean;
  /** "Only files under src/; language typescript (.ts, .tsx, .mts, .cts)." — empty without filters. */
  notes: string[];
}

/**
 * Builds the path test for a query's `pathPrefix`, `extension`, `filename` and
 * `language`. Readers apply it before reading any file, so filters also save I/O.
 * Throws `InvalidPathError` for a `pathPrefix` that is not a repository path.
 *
 * @example
 * createSearchFileFilter({ query: "x", language: "Python" }).matches("a/b.py") // true
 */
export function createSearchFileFilter(
  query: CodeSearchQuery,
): SearchFileFilter {
  const tests: Array<(path: string) => boolean> = [];
  const described: string[] = [];
  const notes: string[] = [];

  const prefix =
    query.pathPrefix === undefined ? "" : normalizeRepoPath(query.pathPrefix);
  if (prefix !== "") {
    tests.push((path) => isWithin(path, prefix));
    described.push(`under ${prefix}/`);
  }
  const extension = query.extension?.trim().replace(/^\./, "").toLowerCase();
  if (extension) {
    tests.push((path) => path.toLowerCase().endsWith("." + extension));
    described.push(`extension .${extension}`);
  }
  const filename = query.filename?.trim().toLowerCase();
  if (filename) {
    tests.push((path) => baseName(path).toLowerCase() === filename);
    described.push(`named ${query.filename?.trim()}`);
  }
  const language = query.language?.trim().toLowerCase();
  if (language) {
    const name = LANGUAGE_ALIASES[language] ?? language;
    const suffixes = LANGUAGE_FILES[name];
    if (suffixes) {
      tests.push((path) =>
        suffixes.some((suffix) => matchesSuffix(path, suffix)),
      );
      described.push(`language ${name} (${suffixes.join(", ")})`);
    } else {
      tests.push((path) => path.toLowerCase().endsWith("." + language));
      notes.push(
        `Language "${query.language}" is not one askcode knows; only files ending in .${language} were searched.`,
      );
    }
  }
  if (described.length > 0)
    notes.unshift(`Only files ${described.join("; ")}.`);
  return { matches: (path) => tests.every((test) => test(path)), notes };
}

// ".ts" matches any file ending so (".TS" too); "Dockerfile" matches that exact file name.
function matchesSuffix(path: string, suffix: string): boolean {
  return suffix.startsWith(".")
    ? path.toLowerCase().endsWith(suffix)
    : baseName(path) === suffix;
}
