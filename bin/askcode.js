#!/usr/bin/env node
// In a checkout, runs the TypeScript sources through tsx, so `npx askcode` works
// right after `npm ci` and never runs a stale build. In the Docker image (no
// sources, no dev dependencies) it runs the compiled CLI.
import { existsSync } from "node:fs";

// On a Node.js older than askcode needs (package.json engines; the app checks
// it with src/shared/node-version-problem.ts), one line instead of a failure
// deeper in. Plain JavaScript that any Node runs, before anything is loaded.
const NODE_MAJOR = 22;
if (Number(process.versions.node.split(".")[0]) < NODE_MAJOR) {
  console.error(
    `askcode needs Node.js ${NODE_MAJOR} or newer; this is ${process.version}.`,
  );
  process.exit(1);
}

const source = new URL("../src/cli/main.ts", import.meta.url);
let entry = new URL("../dist/cli/main.js", import.meta.url);
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  entry = source;
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
