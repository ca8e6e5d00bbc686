// Writes dist/sources.txt: the TypeScript sources the build compiled (paths
// under src/, one a line), so that bin/askcode.js tells a stale build by
// one stat of each instead of listing src/ on every run: Node's recursive
// readdir cost a question about 34 M instructions, three times the stats.
// Run by `npm run build` after tsc.
import { readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const src = new URL("../src/", import.meta.url).pathname;
const dist = new URL("../dist/", import.meta.url).pathname;

const sources = readdirSync(src, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
  .map((entry) => relative(src, join(entry.parentPath, entry.name)))
  .sort();
writeFileSync(join(dist, "sources.txt"), sources.join("\n") + "\n");
