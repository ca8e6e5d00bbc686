#!/usr/bin/env node
// Runs the compiled CLI (dist/cli/main.js): plain JavaScript starts in about
// a tenth of a second, where compiling the TypeScript sources through tsx on
// every run took over half of one. In a checkout, a build older than the
// sources (or none) would answer from stale code, so the sources run through
// tsx instead, with a one-line hint to build; ASKCODE_DEV=1 (`npm run ask:dev`)
// always runs the sources. The Docker image and a packed tarball have no
// sources, only dist/.
//
// Why not a `prepare` script that builds on `npm ci`: the image's
// production-deps stage runs `npm ci --omit=dev`, where tsc is absent and
// prepare would fail, and every contributor's `npm ci` would pay for a build.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import module from "node:module";

// On a Node.js older than askcode needs (package.json engines; the app checks
// it with src/shared/node-version-problem.ts), one line instead of a failure
// deeper in. Plain JavaScript that any Node runs, before anything is loaded.
const NODE_MINIMUM = [22, 13];
const [major, minor] = process.versions.node.split(".").map(Number);
if (
  major < NODE_MINIMUM[0] ||
  (major === NODE_MINIMUM[0] && minor < NODE_MINIMUM[1])
) {
  console.error(
    `askcode needs Node.js ${NODE_MINIMUM.join(".")} or newer; this is ${process.version}.`,
  );
  process.exit(1);
}

const source = new URL("../src/cli/main.ts", import.meta.url);
const compiled = new URL("../dist/cli/main.js", import.meta.url);
// The same code in a few files (scripts/bundle-cli.mjs, run by `npm run
// build`): Node loads tsc's 230 modules one by one, about 50 ms a question.
const bundled = new URL("../dist/cli-bundle/main.js", import.meta.url);

/** The newest modification time of the .ts files under `dir`, in ms. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, {
    recursive: true,
    withFileTypes: true,
  })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const mtime = statSync(`${entry.parentPath}/${entry.name}`).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

// Whether a source the build compiled (dist/sources.txt, written by `npm run
// build`) changed after `builtMs` or is gone; undefined when the build wrote
// no list. A source added since is compiled only once a listed one imports
// it, and that one changed.
function listedSourceChanged(dir, builtMs) {
  let listed;
  try {
    listed = readFileSync(
      new URL("../dist/sources.txt", import.meta.url),
      "utf8",
    );
  } catch {
    return undefined;
  }
  for (const path of listed.split("\n")) {
    if (path === "") continue;
    const stat = statSync(`${dir}/${path}`, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > builtMs) return true;
  }
  return false;
}

function useSources(built) {
  if (!existsSync(source)) return false;
  if (process.env.ASKCODE_DEV === "1") return true;
  if (built === undefined) return "no build";
  const dir = new URL("../src", import.meta.url).pathname;
  const changed = listedSourceChanged(dir, built) ?? built < newestSource(dir);
  return changed ? "a source changed or is gone since the build" : false;
}

const modifiedMs = (url) => statSync(url, { throwIfNoEntry: false })?.mtimeMs;

let entry = compiled;
const built = modifiedMs(compiled);
const dev = useSources(built);
if (dev) {
  if (typeof dev === "string")
    process.stderr.write(
      `askcode: running the TypeScript sources (${dev}); \`npm run build\` makes it start faster.\n`,
    );
  const { register } = await import("tsx/esm/api");
  register();
  entry = source;
} else {
  // V8's compiled code for the modules, kept on disk by Node (in the OS temp
  // directory; NODE_COMPILE_CACHE moves it, NODE_DISABLE_COMPILE_CACHE=1
  // turns it off): a run after the first skips compiling about 300 modules.
  module.enableCompileCache?.();
  // Unless tsc ran alone since the bundle was made (`tsc --watch`).
  const bundledAt = modifiedMs(bundled);
  if (bundledAt !== undefined && built !== undefined && bundledAt >= built)
    entry = bundled;
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
