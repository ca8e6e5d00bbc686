// Writes dist/build-id.txt: a hash of every compiled file, so that what the
// CLI keeps between runs that depends on the code itself (whole indexes, see
// src/cli/index-snapshots.ts) is never read by a build that would have made
// it differently. Run by `npm run build` after tsc.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const dist = new URL("../dist/", import.meta.url).pathname;
const OUT = "build-id.txt";

const hash = createHash("sha256");
const files = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
  .map((entry) => join(entry.parentPath, entry.name))
  .sort();
for (const file of files) {
  hash.update(relative(dist, file)).update("\0");
  hash.update(readFileSync(file)).update("\0");
}
writeFileSync(join(dist, OUT), hash.digest("hex") + "\n");
