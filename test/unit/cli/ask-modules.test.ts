import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("../../../src/", import.meta.url));

// Imports that load a module when the importer loads: not `import type`
// (erased), not `await import()` (loaded when run).
const STATIC_IMPORT =
  /^(?:import|export)\s+(?!type\b)(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']/gm;

/** The packages that the modules `entry` loads statically import. */
function staticClosure(entry: string): Set<string> {
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

describe("the modules askcode ask loads", () => {
  // A warm question's CPU is about a sixth module loading: what only some
  // questions run is imported when they run.
  it("leaves the App's tools, zod and secretlint to a question about history", () => {
    const packages = staticClosure("cli/run-ask.ts");
    for (const unneeded of [
      "zod",
      "@secretlint/core",
      "@modelcontextprotocol/sdk",
      "tar-stream",
      "piscina",
    ])
      expect(packages).not.toContain(unneeded);
  });

  it("leaves the syntax-tree runtime and the ignore-file parser to a question that parses or walks a directory", () => {
    // A warm question answers from a kept index (nothing parsed) in a
    // checkout git lists (no ignore file read): web-tree-sitter cost it a
    // few ms, and \`ignore\`, CommonJS imported from a module, 10-40.
    const packages = staticClosure("cli/run-ask.ts");
    expect(packages).not.toContain("web-tree-sitter");
    expect(packages).not.toContain("ignore");
  });
});
