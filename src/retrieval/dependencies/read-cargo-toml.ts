import type {
  DeclaredDependency,
  ManifestReading,
} from "./declared-dependency.js";

// `[dependencies]`, `[dev-dependencies]`, `[build-dependencies]`, the same
// under `[target.'cfg(…)'.…]`, and `[workspace.dependencies]`
// (https://doc.rust-lang.org/cargo/reference/specifying-dependencies.html).
const DEPENDENCY_TABLE =
  /^(?:target\..+\.|workspace\.)?(?:dev-|build-)?dependencies$/;
// `[dependencies.serde]`: one dependency as a table of its own.
const DEPENDENCY_OF_ITS_OWN =
  /^(?:target\..+\.)?(?:dev-|build-)?dependencies\.("?)([\w-]+)\1$/;

/**
 * The crates a Cargo.toml declares, by the name code uses them with (the
 * key, `-` as `_`), each at its line; its own `[package] name` and its path
 * dependencies are crates the repository holds.
 *
 * @example
 * readCargoToml("Cargo.toml", '[package]\nname = "ripgrep"\n\n[dependencies]\nserde_json = "1.0"\n').declared[0]
 * // { ecosystem: "cargo", name: "serde_json", path: "Cargo.toml", line: 5, text: 'serde_json = "1.0"' }
 */
export function readCargoToml(path: string, text: string): ManifestReading {
  const declared: DeclaredDependency[] = [];
  const own: string[] = [];
  let table = "";
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.replace(/(?:^|\s)#.*$/, "");
    const header = /^\s*\[\s*([^\]]+?)\s*\]\s*$/.exec(line);
    if (header) {
      table = (header[1] ?? "").replace(/\s+/g, "");
      const single = DEPENDENCY_OF_ITS_OWN.exec(table);
      if (single) declared.push(crate(single[2] ?? "", path, i, raw));
      continue;
    }
    const pair = /^\s*("?)([\w-]+)\1\s*=\s*(.*)$/.exec(line);
    if (!pair) continue;
    const [, , key = "", value = ""] = pair;
    if (table === "package" && key === "name") {
      const name = /^["']([\w-]+)["']/.exec(value.trim())?.[1];
      if (name) own.push(crateName(name));
    } else if (DEPENDENCY_OF_ITS_OWN.test(table) && key === "path") {
      const last = declared.at(-1);
      if (last) own.push(last.name);
    } else if (DEPENDENCY_TABLE.test(table)) {
      const dependency = crate(key, path, i, raw);
      // A path dependency is a crate of this repository (or next to it).
      if (/\bpath\s*=/.test(value)) own.push(dependency.name);
      else declared.push(dependency);
    }
  }
  return { ecosystem: "cargo", declared, own };
}

function crate(
  key: string,
  path: string,
  index: number,
  raw: string,
): DeclaredDependency {
  return {
    ecosystem: "cargo",
    name: crateName(key),
    path,
    line: index + 1,
    text: raw.trim(),
  };
}

/** Code names a crate with `_` where its package name has `-`. */
function crateName(name: string): string {
  return name.replace(/-/g, "_");
}
