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
const minimum = Number(/^>=\s*(\d+)$/.exec(engines.node)?.[1]);
if (!Number.isInteger(minimum)) {
  console.error(
    `scripts/check-node-version.mjs reads package.json's engines.node as ">=MAJOR"; it is ${JSON.stringify(engines.node)}.`,
  );
  process.exit(1);
}
if (Number(process.versions.node.split(".")[0]) < minimum) {
  console.error(
    `askcode needs Node.js ${minimum} or newer; this is ${process.version}.`,
  );
  process.exit(1);
}
