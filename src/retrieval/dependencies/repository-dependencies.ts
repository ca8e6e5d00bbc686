import type { DeclaredDependency, Ecosystem } from "./declared-dependency.js";
import { packageNamesOf } from "./package-names-of.js";
import { pythonModuleName } from "./python-requirement.js";
import { readManifest } from "./read-manifest.js";

/** The dependencies one set of files declares in its manifests, less what it holds itself. */
export interface RepositoryDependencies {
  /** Dependencies declared, over every manifest (0: none to name). */
  readonly declaredCount: number;
  /**
   * The declaration of the package an import names, from the manifest
   * nearest the importing file; undefined when no manifest declares it or
   * the repository holds a package of that name.
   */
  dependencyOf(
    ecosystem: Ecosystem,
    specifier: string,
    fromPath: string,
  ): DeclaredDependency | undefined;
}

/**
 * What the manifests of one set of files declare and what it holds itself,
 * as plain data (`repositoryDependencies` answers from it), so a process
 * may keep it with an index (the CLI's index snapshots).
 */
export interface DependencyFacts {
  /** `ecosystem:name` → its declarations, over every manifest. */
  declared: Map<string, DeclaredDependency[]>;
  /** `ecosystem:name` of the packages the files hold themselves. */
  held: Set<string>;
  declaredCount: number;
}

// The manifests are read once per set of files (one index), however many
// questions it answers.
const bySet = new WeakMap<
  readonly { path: string; text: string }[],
  DependencyFacts
>();

/**
 * Reads every manifest among `files` (package.json, the Python manifests,
 * Cargo.toml, go.mod) into one table of declared dependencies, and what the
 * repository holds itself: the packages its manifests name as their own
 * (a workspace's packages, the repository's own name) and, for Python,
 * every directory and module name of its `.py` files. A held name is never
 * a dependency, declared or not.
 *
 * @example
 * repositoryDependencies(index.files).dependencyOf("npm", "router/lib/layer", "lib/application.js")
 * // { ecosystem: "npm", name: "router", path: "package.json", line: 57, text: '"router": "^2.2.0"' }
 */
export function repositoryDependencies(
  files: readonly { path: string; text: string }[],
): RepositoryDependencies {
  const { declared, held, declaredCount } = dependencyFacts(files);
  return {
    declaredCount,
    dependencyOf(ecosystem, specifier, fromPath) {
      for (const name of packageNamesOf(ecosystem, specifier)) {
        if (held.has(key(ecosystem, name))) return undefined;
        const found = declared.get(key(ecosystem, name));
        if (found) return nearest(found, fromPath);
      }
      return undefined;
    },
  };
}

/**
 * The facts `repositoryDependencies` answers from, read once per set of
 * files (on a 6,713-file checkout about 20 ms: every path and manifest).
 *
 * @example
 * const facts = dependencyFacts(index.files); // kept with the index
 */
export function dependencyFacts(
  files: readonly { path: string; text: string }[],
): DependencyFacts {
  const known = bySet.get(files);
  if (known) return known;
  const declared = new Map<string, DeclaredDependency[]>();
  const held = new Set<string>();
  let declaredCount = 0;
  for (const name of pythonTopLevelNames(files.map((f) => f.path)))
    held.add(key("python", name));
  for (const file of files) {
    const reading = readManifest(file.path, file.text);
    if (!reading) continue;
    for (const d of reading.declared) {
      const list = declared.get(key(d.ecosystem, d.name)) ?? [];
      list.push(d);
      declared.set(key(d.ecosystem, d.name), list);
      declaredCount++;
    }
    for (const name of reading.own) held.add(key(reading.ecosystem, name));
  }
  const facts = { declared, held, declaredCount };
  bySet.set(files, facts);
  return facts;
}

/**
 * Hands `repositoryDependencies` the facts of `files` found earlier, by a
 * process that kept them with its index (the CLI's index snapshots).
 *
 * @example
 * rememberDependencyFacts(loaded.index.files, loaded.dependencies);
 */
export function rememberDependencyFacts(
  files: readonly { path: string; text: string }[],
  facts: DependencyFacts,
): void {
  bySet.set(files, facts);
}

/**
 * The names the repository's Python code is imported by: for each `.py`
 * file, the outermost directory of its chain of packages (directories with
 * an `__init__.py`), or the module itself when its directory is no package.
 * A `utils/requests.py` inside a package does not hide the `requests`
 * dependency; a `src/requests/__init__.py` does.
 */
function pythonTopLevelNames(paths: readonly string[]): Set<string> {
  const packages = new Set(
    paths
      .filter((p) => p === "__init__.py" || p.endsWith("/__init__.py"))
      .map((p) => p.slice(0, Math.max(0, p.lastIndexOf("/")))),
  );
  const names = new Set<string>();
  for (const path of paths) {
    if (!path.endsWith(".py")) continue;
    const dirs = path.split("/");
    const file = dirs.pop() ?? "";
    let top = dirs.length;
    while (top > 0 && packages.has(dirs.slice(0, top).join("/"))) top--;
    names.add(
      pythonModuleName(
        top < dirs.length ? (dirs[top] ?? "") : file.slice(0, -3),
      ),
    );
  }
  return names;
}

function key(ecosystem: Ecosystem, name: string): string {
  return `${ecosystem}:${name}`;
}

/** The declaration in the manifest whose directory holds `path` most closely (a workspace package's own, before the root's). */
function nearest(
  found: readonly DeclaredDependency[],
  path: string,
): DeclaredDependency | undefined {
  let best: DeclaredDependency | undefined;
  let bestDepth = -1;
  for (const d of found) {
    const dir = d.path.includes("/")
      ? d.path.slice(0, d.path.lastIndexOf("/") + 1)
      : "";
    const depth = path.startsWith(dir) ? dir.length : -1;
    if (depth > bestDepth) {
      best = d;
      bestDepth = depth;
    }
  }
  return best ?? found[0];
}
