// Times the in-memory three-phase search (pattern → path → tokenized) over a
// generated repository of 3,000 files of 10 KB (30 MB), the size class askcode
// targets. Speed is measured here, never asserted in a test.
//   npm run bench:search
import type { SearchFile } from "../src/code-host/file-set/search-file.js";
import { searchFiles } from "../src/code-host/file-set/search-files.js";
import { benchCommand } from "./parse-bench-command.js";

benchCommand({
  usage:
    "usage: npm run bench:search\n\nTimes the in-memory three-phase search over a generated 30 MB repository.",
  options: {},
});

const words = [
  "retry",
  "request",
  "handler",
  "config",
  "result",
  "error",
  "cache",
  "token",
  "delay",
  "attempt",
];
const files: SearchFile[] = Array.from({ length: 3000 }, (_, i) => {
  const line = (n: number) =>
    `  const ${words[n % 10]}${i} = await ${words[(n * 7) % 10]}(${n}); // ${words[(n * 3) % 10]}`;
  const lines: string[] = [];
  for (let n = 0, size = 0; size < 10_000; n++)
    size += (lines[lines.length] = line(n)).length + 1;
  return { path: `src/${words[i % 10]}/file-${i}.ts`, text: lines.join("\n") };
});
const megabytes = files.reduce((sum, file) => sum + file.text.length, 0) / 1e6;

// A rare literal, a literal on every line, path tokens, and tokens found in contents only.
const queries = [
  "attempt(4",
  "const",
  "zzz retry file",
  "how does the zzz delay attempt work",
];
console.log(
  `searchFiles over ${files.length} files, ${megabytes.toFixed(1)} MB`,
);
for (const round of ["first", "second"]) {
  for (const query of queries) {
    const started = performance.now();
    const result = searchFiles(files, { query });
    const ms = performance.now() - started;
    console.log(
      `${round.padEnd(6)} ${JSON.stringify(query).padEnd(40)} mode=${result.mode.padEnd(9)} hits=${String(result.hits.length).padStart(3)} ${ms.toFixed(0).padStart(5)} ms`,
    );
  }
}
