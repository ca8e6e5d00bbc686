import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));

// Imports that load a module when the importer loads: not `import type`
// (erased), not `await import()` (loaded when run).
const STATIC_IMPORT =
  /^(?:import|export)\s+(?!type\b)(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']/gm;

/**
 * The packages that the modules `entry` (a path under src/) loads
 * statically import: what loading it loads, whatever runs after.
 *
 * @example
 * staticClosure("cli/run-ask.ts") // Set { "lru-cache", … }
 */
export function staticClosure(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [path.join(SRC, entry)];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(
      STATIC_IMPORT,
    )) {
      if (!specifier) continue;
      if (specifier.startsWith("."))
        queue.push(
          path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts")),
        );
      else if (!specifier.startsWith("node:"))
        packages.add(
          specifier
            .split("/")
            .slice(0, specifier.startsWith("@") ? 2 : 1)
            .join("/"),
        );
    }
  }
  return packages;
}
