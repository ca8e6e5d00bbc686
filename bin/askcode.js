#!/usr/bin/env node
// In a checkout, runs the TypeScript sources through tsx, so `npx askcode` works
// right after `npm ci` and never runs a stale build. In the Docker image (no
// sources, no dev dependencies) it runs the compiled CLI.
import { existsSync } from "node:fs";

const source = new URL("../src/cli/main.ts", import.meta.url);
let entry = new URL("../dist/cli/main.js", import.meta.url);
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  entry = source;
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
