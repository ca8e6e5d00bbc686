// GitHub highlights a fenced block by its info string, read as a Linguist
// language name or alias: https://github.com/github-linguist/linguist/blob/main/lib/linguist/languages.yml
// prettier-ignore
const BY_EXTENSION: Record<string, string> = {
  py: "python", pyi: "python", pyw: "python", pyx: "cython",
  js: "javascript", mjs: "javascript", cjs: "javascript", jsx: "jsx",
  ts: "typescript", mts: "typescript", cts: "typescript", tsx: "tsx",
  rb: "ruby", go: "go", rs: "rust", java: "java", kt: "kotlin", kts: "kotlin",
  scala: "scala", swift: "swift", c: "c", h: "c", cc: "cpp", cpp: "cpp",
  cxx: "cpp", hpp: "cpp", hh: "cpp", hxx: "cpp", cs: "csharp", fs: "fsharp",
  php: "php", pl: "perl", pm: "perl", r: "r", jl: "julia", lua: "lua",
  sh: "bash", bash: "bash", zsh: "zsh", fish: "fish", ps1: "powershell",
  sql: "sql", md: "markdown", mdx: "mdx", rst: "rst", json: "json",
  jsonc: "jsonc", json5: "json5", yaml: "yaml", yml: "yaml", toml: "toml",
  ini: "ini", cfg: "ini", xml: "xml", html: "html", htm: "html", css: "css",
  scss: "scss", sass: "sass", less: "less", vue: "vue", svelte: "svelte",
  graphql: "graphql", gql: "graphql", proto: "protobuf", tf: "hcl",
  hcl: "hcl", gradle: "groovy", groovy: "groovy", properties: "properties",
  ex: "elixir", exs: "elixir", erl: "erlang", hrl: "erlang", elm: "elm",
  hs: "haskell", ml: "ocaml", mli: "ocaml", clj: "clojure", cljs: "clojure",
  dart: "dart", zig: "zig", nim: "nim", sol: "solidity", vim: "vim",
  el: "emacs-lisp", mk: "makefile", cmake: "cmake", nix: "nix",
  diff: "diff", patch: "diff", dockerfile: "dockerfile",
};
const BY_NAME: Record<string, string> = {
  dockerfile: "dockerfile",
  containerfile: "dockerfile",
  makefile: "makefile",
  gnumakefile: "makefile",
  gemfile: "ruby",
  rakefile: "ruby",
  jenkinsfile: "groovy",
  "cmakelists.txt": "cmake",
};

/**
 * The info string for a fenced block of a file's lines, so GitHub highlights
 * it; "" when GitHub would not know the language (a plain block beats a
 * wrong one).
 *
 * @example
 * fenceLanguage("src/upload.ts") // "typescript"
 * fenceLanguage("Dockerfile")    // "dockerfile"
 * fenceLanguage("data/x.weird")  // ""
 */
export function fenceLanguage(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const byName = BY_NAME[name];
  if (byName) return byName;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? (BY_EXTENSION[name.slice(dot + 1)] ?? "") : "";
}
