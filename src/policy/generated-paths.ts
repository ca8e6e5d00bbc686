/**
 * What a path alone says about who wrote a file: third-party code copied in,
 * build output, lock files, minified bundles (never read: `skipReason`), and
 * files GitHub's Linguist calls generated or vendored by their names, which
 * are read but rank below the sources people edit (`setAsideReason`).
 * Each list names where it comes from; the rule in words is in
 * docs/architecture/retrieval.md, 'Generated, vendored and amalgamated files'.
 */

/** Why a file is ranked below the sources: a tool wrote it, or it is someone else's code. */
export type SetAsideKind = "generated" | "vendored";

export interface SetAside {
  kind: SetAsideKind;
  /** The signal, in a few words: "path matches *_pb2.py (protocol buffer compiler)". */
  why: string;
}

// Third-party code copied into the tree, never read: answers about it belong
// upstream. "extern"/"cextern"/"external" is the C and Python convention for
// bundled libraries (Linguist's vendor.yml lists third_party, 3rd_party,
// vendor(s), extern(al), node_modules and bower_components too).
export const VENDORED_DIRS =
  /(?:^|\/)(?:node_modules|_?vendor|vendored|third[-_]?party|3rd[-_]?party|c?extern|externals?|bower_components|site-packages|\.venv|venv|\.tox|\.git)\//i;
// Build output and caches, never read.
export const BUILD_OUTPUT_DIRS =
  /(?:^|\/)(?:dist|build|out|coverage|\.next|\.nuxt|__pycache__|\.mypy_cache|\.pytest_cache|htmlcov)\//;
/** Lock files a package manager writes (Linguist's `*_lock?` rules and more), by lowercased name; never read. */
export const LOCK_FILES: ReadonlySet<string> = new Set([
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lockb",
  "poetry.lock",
  "pipfile.lock",
  "cargo.lock",
  "gemfile.lock",
  "composer.lock",
  "go.sum",
  "uv.lock",
  "pdm.lock",
  "flake.lock",
  "mix.lock",
  "gopkg.lock",
  "glide.lock",
  ".terraform.lock.hcl",
]);
/** Minified scripts and source maps by name (Linguist: `minified_files?`, `source_map?`); never read. */
export const MINIFIED_NAME =
  /[.-]min\.(?:js|css|mjs)$|\.(?:js|css)\.map$|\.bundle\.js$/i;

/**
 * Linguist's name rules for files that are read (a question may be about
 * them) but that no one edits by hand, each with the tool it names. From
 * github-linguist's lib/linguist/generated.rb and vendor.yml; left out are
 * its rules whose folder names are common for hand-written code (`cache/`,
 * `tools/`, `env/`) and those for files askcode never reads anyway.
 */
const BY_NAME: ReadonlyArray<readonly [RegExp, SetAsideKind, string]> = [
  // generated.rb
  [/_pb2(?:_grpc)?\.pyi?$/, "generated", "protocol buffer compiler"],
  [/\.pb(?:\.gw)?\.go$/, "generated", "protocol buffer compiler"],
  [/\.pb\.(?:h|cc|c)$/, "generated", "protocol buffer compiler"],
  [/_pb\.(?:js|d\.ts)$/, "generated", "protocol buffer compiler"],
  [/\.designer\.(?:cs|vb)$/i, "generated", "Visual Studio designer"],
  [/\.feature\.cs$/i, "generated", "SpecFlow"],
  [/(?:^|\/)__generated__\//, "generated", "Relay compiler"],
  [/.\.zep\.(?:c|h|php)$/, "generated", "Zephir"],
  [/_tlb\.pas$/i, "generated", "Delphi type library import"],
  [/(?:^|\/)\.pnp\.[^/]*$/, "generated", "Yarn Plug'n'Play"],
  [/(?:^|\/)\.idea\//, "generated", "IntelliJ project files"],
  [/(?:^|\/)Godeps\//, "vendored", "Godeps"],
  [/(?:^|\/)Pods\//, "vendored", "CocoaPods"],
  [/^Carthage\//, "vendored", "Carthage"],
  // vendor.yml: what autoconf and libtool copy or write into a C project.
  [/(?:^|\/)configure$/, "generated", "autoconf"],
  [/(?:^|\/)config\.(?:guess|sub)$/, "vendored", "GNU config"],
  [
    /(?:^|\/)(?:aclocal|libtool|ltoptions|ltsugar|ltversion|lt~obsolete)\.m4$/,
    "generated",
    "autoconf/libtool",
  ],
  [/^deps\//, "vendored", "bundled C dependencies (deps/)"],
  [/(?:^|\/)cpplint\.py$/, "vendored", "cpplint"],
  [
    /(?:^|\/)gradlew(?:\.bat)?$|(?:^|\/)gradle\/wrapper\//,
    "vendored",
    "Gradle wrapper",
  ],
  [/(?:^|\/)jquery(?:[^./]*|-\d\.\d+(?:\.\d+)?)\.js$/, "vendored", "jQuery"],
  [
    /(?:^|\/)bootstrap[^./]*\.(?:js|css|less|scss|styl)$/,
    "vendored",
    "Bootstrap",
  ],
];

/**
 * Whether Linguist calls the file generated or vendored by its path alone.
 *
 * @example
 * setAsidePath("api/user_pb2.py") // { kind: "generated", why: "path names the protocol buffer compiler's output" }
 * setAsidePath("configure")       // { kind: "generated", why: "path names autoconf's output" }
 * setAsidePath("src/user.py")     // undefined
 */
export function setAsidePath(path: string): SetAside | undefined {
  for (const [pattern, kind, tool] of BY_NAME) {
    if (!pattern.test(path)) continue;
    return {
      kind,
      why:
        kind === "generated"
          ? `path names ${tool}'s output`
          : `path names a copy of ${tool}`,
    };
  }
  return undefined;
}
