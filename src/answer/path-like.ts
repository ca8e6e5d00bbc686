// Extensions a file reference in prose is likely to carry. A dotted word
// without one of these (`self.retries`, `example.com`, `e.g.`) is not taken for
// a file name unless it also has a directory or a line number.
const FILE_EXTENSIONS = new Set(
  (
    "ts tsx js jsx mjs cjs mts cts py pyi pyx rb go rs java kt kts scala swift c h cc cpp cxx hpp hh cs fs " +
    "php pl pm r jl lua sh bash zsh fish ps1 sql md mdx rst txt adoc json jsonc json5 yaml yml toml ini cfg conf " +
    "xml html htm css scss sass less vue svelte astro graphql gql proto tf hcl gradle properties ipynb csv ex exs " +
    "erl hrl elm hs ml mli clj cljs dart m mm zig nim sol vim el lock mod sum cmake mk bzl nix tsv"
  ).split(" "),
);
const FILE_NAMES = new Set(
  (
    "Makefile Dockerfile Containerfile Gemfile Rakefile Procfile Jenkinsfile Vagrantfile Justfile Brewfile " +
    "LICENSE README CODEOWNERS CHANGELOG BUILD WORKSPACE"
  ).split(" "),
);

/** The last segment of a path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/**
 * True when `text`, already shaped like a path, is likely meant as a file:
 * a known extension or file name, or (with `loose`) any extension or a
 * directory part. Code spans and prose use the strict form; a text with a
 * line number (`x.cfg:12`) is evidence enough for the loose one.
 *
 * @example
 * looksLikeFile("retry.py")          // true
 * looksLikeFile("self.retries")      // false
 * looksLikeFile("lib/retries", true) // true
 */
export function looksLikeFile(text: string, loose = false): boolean {
  const name = baseName(text);
  if (name === "" || /^\.+$/.test(name)) return false;
  if (FILE_NAMES.has(name)) return true;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot + 1) : "";
  if (FILE_EXTENSIONS.has(ext.toLowerCase())) return true;
  if (!loose) return false;
  return /^[A-Za-z]\w*$/.test(ext) || text.includes("/");
}
