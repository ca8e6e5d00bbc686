// Times secret redaction over the largest comment askcode posts (GitHub's
// 65,536 characters): an answer of prose and fenced code with a few
// provider-shaped tokens and `password = …` assignments in it, and one line
// of 64 KB with no break (minified code quoted whole), which once took
// seconds. Every posted body is redacted at least once, so this is a floor on
// each comment edit. Then every text file git tracks in this repository,
// redacted as the redacting reader does before anything enters a prompt
// (by path, keeping lines): the cost a question pays per MB it reads. Speed
// is measured here, never asserted in a test.
//   npm run bench:redact
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { redactSecrets } from "../src/policy/redact-secrets.js";
import { benchCommand } from "./parse-bench-command.js";

benchCommand({
  usage:
    "usage: npm run bench:redact\n\nTimes secret redaction over a 65,536-character answer, one 64 KB line, and this repository's text files.",
  options: {},
});

const LIMIT = 65_536;
// Shapes only (prefix, length): the same strings every run, none a real key.
const fill = (alphabet: string, length: number, seed: number) =>
  Array.from(
    { length },
    (_, i) => alphabet[(i * 7 + seed * 13) % alphabet.length],
  ).join("");
const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const paragraph = (n: number) =>
  [
    `The retry loop in \`src/upload/retry-${n}.ts\` gives up after five attempts;`,
    "see the permalink above for the exact lines and the backoff it uses.",
    "```python",
    `def upload_part_${n}(session, part, attempt=0):`,
    `    password = "${fill(BASE62, 16, n)}"`,
    `    token = "ghp_${fill(BASE62, 36, n)}"`,
    "    return session.put(part.url, data=part.bytes, timeout=30)",
    "```",
    "",
  ].join("\n");
let answer = "";
for (let n = 0; answer.length < LIMIT; n++) answer += paragraph(n);
answer = answer.slice(0, LIMIT);
const oneLine = `const bundle="${fill(BASE62 + "_$.", LIMIT - 20, 1)}";`;

for (const [name, text] of [
  ["answer with secrets", answer],
  ["one 64 KB line", oneLine],
] as const) {
  await redactSecrets(text); // rules built, JIT warm
  const times: number[] = [];
  let redactions = 0;
  for (let round = 0; round < 20; round++) {
    const started = performance.now();
    redactions = (await redactSecrets(text)).redactions;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(20)} ${text.length} chars, ${redactions} redactions: median ${times[10]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (20 rounds)`,
  );
}

// Text files only, as a reader hands them out (a NUL byte marks binary).
const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
  .split("\0")
  .filter((path) => path !== "" && path !== "package-lock.json")
  .map((path) => ({ path, text: readFileSync(path, "utf8") }))
  .filter(({ text }) => !text.includes("\0"));
const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
const rounds: number[] = [];
let found = 0;
for (let round = 0; round < 3; round++) {
  const started = performance.now();
  found = 0;
  for (const { path, text } of files)
    found += (await redactSecrets(text, { path, keepLines: true })).redactions;
  rounds.push(performance.now() - started);
}
const best = Math.min(...rounds);
console.log(
  `repository files     ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB, ${found} redactions: best of 3 ${(best / 1000).toFixed(2)} s, ${(bytes / 1e6 / (best / 1000)).toFixed(1)} MB/s`,
);
