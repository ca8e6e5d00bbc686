// Bundles the command line tsc compiled (dist/cli/main.js and what it
// imports) into dist/cli-bundle/, which bin/askcode.js runs when it is not
// older than dist/cli/main.js. Run by `npm run build` after tsc.
//
// Why: tsc's output is one file per module, and a warm `askcode ask` loads
// about 230 of them. Node resolves, stats, reads and links each one, compile
// cache or not: about 280 M instructions and 50 ms of a question that
// answers in 280 ms on the 6,713-file checkout; bundled, about 135 M.
// What a command loads only when it runs (`await import()` of run-index,
// run-mcp, run-eval, ask-history) stays a chunk of its own (`splitting`),
// so `ask` loads no more than before. Packages stay in node_modules:
// web-tree-sitter finds its wasm and the grammars where it always did.
// All but the MCP SDK and zod, with what they import: `askcode mcp`
// answers `initialize` with them loaded, about 330 files of node_modules
// that Node loaded one by one (zod's 100-odd whether the SDK or our code
// imports it, hence one copy of zod in the bundle for both). The input is
// tsc's output, so the bundle runs the code the type-checker passed, not a
// second compiler's reading of it.
//
// A bundled module's `import.meta.url` is its chunk's, in dist/cli-bundle/:
// a file found relative to it (`new URL("../build-id.txt", import.meta.url)`)
// must resolve to the same file from there as from the module's own
// directory in dist/, or be one the bundle writes beside its chunks (the
// worker threads' task file), or be a TypeScript source, which only a run
// of the sources reads: the build fails otherwise, naming the module.
//
//   node scripts/bundle-cli.mjs [--dist DIR]   (default: this checkout's dist/)
import { build } from "esbuild";
import { readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    dist: {
      type: "string",
      default: new URL("../dist/", import.meta.url).pathname,
    },
  },
});
const dist = resolve(values.dist);
const out = join(dist, "cli-bundle");
// Entry points by the name each is written under: the command line, and
// the task file worker threads load (`cpu-pool.ts` finds it beside itself).
const entries = {
  main: join(dist, "cli/main.js"),
  "cpu-tasks": join(dist, "worker-threads/cpu-tasks.js"),
};

// The packages bundled, by name; a package that one of them imports is
// bundled with it.
const BUNDLED_PACKAGES = new Set(["@modelcontextprotocol/sdk", "zod"]);
const packageName = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
// esbuild's `packages: "external"`, but for BUNDLED_PACKAGES.
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
      if (path.startsWith("node:")) return { path, external: true };
      const bundled =
        BUNDLED_PACKAGES.has(packageName(path)) ||
        importer.includes("/node_modules/");
      return bundled ? undefined : { path, external: true };
    });
  },
};

// A bundle of an earlier build keeps no chunk its names no longer point to.
rmSync(out, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: entries,
  outdir: out,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  plugins: [externalPackages],
  metafile: true,
  logLevel: "warning",
});

const written = new Set(Object.keys(entries).map((name) => `${name}.js`));
const moved = [];
for (const input of Object.keys(metafile.inputs)) {
  const module = resolve(input);
  const text = readFileSync(module, "utf8");
  for (const [, target] of text.matchAll(
    /new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g,
  )) {
    const fromModule = resolve(dirname(module), target);
    const fromBundle = resolve(out, target);
    if (fromModule === fromBundle) continue;
    // A source file beside a module is read only when tsx runs the
    // sources (cpu-pool's task file), never from a build.
    if (target.endsWith(".ts")) continue;
    if (dirname(fromBundle) === out && written.has(relative(out, fromBundle)))
      continue;
    moved.push(
      `${relative(dist, module)}: "${target}" is ${fromModule} in dist/ but ${fromBundle} in the bundle`,
    );
  }
}
if (moved.length > 0) {
  rmSync(out, { recursive: true, force: true });
  console.error(
    `bundle-cli: these files are found relative to a module, which the bundle moves; resolve them another way or add them to the bundle's entries:\n  ${moved.join("\n  ")}`,
  );
  process.exit(1);
}
