// Run first by `npm test` (in `pretest`, before tsc), `npm test` itself and
// `npm run test:file`: on a Node.js older than package.json's engines, stop
// at once with the CLI's one line (src/shared/node-version-problem.ts), where
// the suites would otherwise type-check, then fail one by one on
// `Cannot find module 'node:sqlite'` minutes later. Plain JavaScript that
// imports nothing but node:fs, so an old Node runs it.
import { readFileSync } from "node:fs";

const { engines } = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
);
const match = /^>=\s*(\d+)\.(\d+)$/.exec(engines.node);
if (!match) {
  console.error(
    `scripts/check-node-version.mjs reads package.json's engines.node as ">=MAJOR.MINOR"; it is ${JSON.stringify(engines.node)}.`,
  );
  process.exit(1);
}
const [wantMajor, wantMinor] = [Number(match[1]), Number(match[2])];
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < wantMajor || (major === wantMajor && minor < wantMinor)) {
  console.error(
    `askcode needs Node.js ${wantMajor}.${wantMinor} or newer; this is ${process.version}.`,
  );
  process.exit(1);
}
