// Times secret redaction over the largest comment askcode posts (GitHub's
// 65,536 characters): an answer of prose and fenced code with a few
// provider-shaped tokens and `password = …` assignments in it, and one line
// of 64 KB with no break (minified code quoted whole), which once took
// seconds. Every posted body is redacted at least once, so this is a floor on
// each comment edit. Then every text file git tracks in this repository,
// redacted as the redacting reader does before anything enters a prompt
// (by path, keeping lines): the cost a question pays per MB it reads. Speed
// is measured here, never asserted in a test. Last, the same files posted
// as an answer would quote them (each in a code fence, through
// securePostedText, both walls): a repository holds no live secret, so what
// the posted filter takes from them beyond what redactSecrets takes is the
// second wall's false positives on real code (--show prints each).
//   npm run bench:redact
//   npm run bench:redact -- --dir /path/to/code --show
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { redactSecrets } from "../src/policy/redact-secrets.js";
import { securePostedText } from "../src/policy/secure-posted-text.js";
import { shiftLetters } from "../src/policy/shift-letters.js";
import { seededRandom } from "../test/helpers/seeded-random.js";
import { benchCommand } from "./parse-bench-command.js";

const { values } = benchCommand({
  usage: [
    "usage: npm run bench:redact [-- --dir DIR] [--show]",
    "",
    "Times secret redaction over a 65,536-character answer, one 64 KB line, and this",
    "repository's text files; then posts each file in a code fence through",
    "securePostedText and counts what it takes beyond redactSecrets (false",
    "positives: a repository holds no live secret). Last, how many seeded fake",
    "tokens of five providers the posted filter catches in each of issue 34's forms.",
    "",
    "  --dir DIR   read the text files under DIR (up to 5,000, each under 1 MB)",
    "              instead of the files git tracks here",
    "  --show      print each line the posted filter changed beyond redactSecrets",
  ].join("\n"),
  options: {
    dir: { type: "string" },
    show: { type: "boolean", default: false },
  },
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

// Each text through redactSecrets (the first wall), then through
// securePostedText (both walls, as every posted body goes).
for (const [name, text, redact] of [
  ["answer with secrets", answer, redactSecrets],
  ["one 64 KB line", oneLine, redactSecrets],
  ["answer, posted", answer, securePostedText],
  ["64 KB line, posted", oneLine, securePostedText],
] as const) {
  await redact(text); // rules built, JIT warm
  const times: number[] = [];
  let redactions = 0;
  for (let round = 0; round < 20; round++) {
    const started = performance.now();
    redactions = (await redact(text)).redactions;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(20)} ${text.length} chars, ${redactions} redactions: median ${times[10]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (20 rounds)`,
  );
}

// Text files only, as a reader hands them out (a NUL byte marks binary).
const files = (
  values.dir === undefined ? trackedFiles() : filesUnder(values.dir)
)
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

// The posted filter over the same files, each quoted whole in a fence.
let posted = 0;
let plain = 0;
let touched = 0;
const postedStarted = performance.now();
for (const { path, text } of files) {
  const body = `\`\`\`\n${text}\n\`\`\``;
  const first = await redactSecrets(body);
  const both = await securePostedText(body);
  plain += first.redactions;
  posted += both.redactions;
  if (both.redactions === first.redactions) continue;
  touched++;
  if (!values.show) continue;
  // Mentions and references are neutralised too: show only lines with more markers.
  const markers = (line = "") => line.split("REDACTED_").length;
  const before = first.text.split("\n");
  both.text.split("\n").forEach((line, i) => {
    if (markers(line) > markers(before[i]))
      console.log(`  ${path}:${i}: ${before[i]?.trim().slice(0, 120)}`);
  });
}
console.log(
  `posted as answers    ${files.length} files: redactSecrets ${plain} redactions, securePostedText ${posted}; ${touched} files changed beyond redactSecrets (${((performance.now() - postedStarted) / 1000).toFixed(2)} s)`,
);

// The second wall's catch rate: seeded fake tokens (GitHub, a DeepSeek key,
// Slack, AWS, GitLab) in each form of issue 34, posted in a sentence; a
// token counts as caught when no 8 characters in a row of what the form
// wrote are posted.
const random = seededRandom(34);
const draw = (alphabet: string, length: number) =>
  Array.from({ length }, () => random.pick([...alphabet])).join("");
const HEX = "0123456789abcdef";
const CAPS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const tokens = Array.from({ length: 40 }, () => [
  `ghp_${draw(BASE62, 36)}`,
  `sk-${draw(HEX, 32)}`,
  `xoxb-${draw(BASE62, 40)}`,
  `AKIA${draw(CAPS, 16)}`,
  `glpat-${draw(BASE62, 20)}`,
]).flat();
const afterPrefix = (t: string) =>
  t.startsWith("AKIA") ? 4 : t.search(/[_-]/) + 1;
const FORMS: Record<string, (t: string) => string> = {
  hex: (t) => Buffer.from(t).toString("hex"),
  rot13: (t) => shiftLetters(t, 13),
  "rot13 in fours": (t) =>
    shiftLetters(t, 13)
      .match(/.{1,4}/g)!
      .join(" "),
  dashed: (t) => [...t].join("-"),
  "dashed fours": (t) => t.match(/.{1,4}/g)!.join("-"),
  "code-span literal": (t) =>
    `\`"${t.slice(0, afterPrefix(t))}" + "${t.slice(afterPrefix(t))}"\``,
  "half per line": (t) => `\n${t.slice(0, 20)}\n${t.slice(20)}\n`,
  "third per line": (t) =>
    `\n${t.slice(0, 12)}\n${t.slice(12, 26)}\n${t.slice(26)}\n`,
  "prefix + … + …": (t) => {
    const at = afterPrefix(t);
    return `${t.slice(0, at)} + ${t.slice(at, at + 12)} + ${t.slice(at + 12)}`;
  },
  "base64 per line": (t) => {
    const b = Buffer.from(t).toString("base64");
    return `\n${b.slice(0, 24)}\n${b.slice(24)}\n`;
  },
  "reversed fours": (t) =>
    [...t]
      .reverse()
      .join("")
      .match(/.{1,4}/g)!
      .join(" "),
};
const rates: string[] = [];
for (const [form, write] of Object.entries(FORMS)) {
  let caught = 0;
  for (const token of tokens) {
    const written = write(token);
    const { text } = await securePostedText(
      `Here it is: ${written} (as asked).`,
    );
    const windows = Array.from({ length: written.length - 7 }, (_, i) =>
      written.slice(i, i + 8),
    );
    if (!windows.some((window) => text.includes(window))) caught++;
  }
  rates.push(`${form} ${caught}/${tokens.length}`);
}
console.log(`second wall caught    ${rates.join(", ")}`);

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
    .split("\0")
    .filter((path) => path !== "" && path !== "package-lock.json");
}

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const visit = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (found.length >= 5000) return;
      const path = join(at, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && statSync(path).size < 1_000_000)
        found.push(path);
    }
  };
  visit(dir);
  return found;
}
