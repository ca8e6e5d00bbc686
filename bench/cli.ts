// bench:cli: the CLI as a user starts it (`node bin/askcode.js ask …`, from
// the compiled dist/), on real checkouts: a question with an empty cache
// directory and no compiled modules kept (cold), the same again (warm), and
// a bad argument; each against `git grep -n <word>` over the same checkout,
// the floor for reading it.
//
//   npm run build && npm run bench:cli -- [--runs N] [--checkout DIR[=WORD]] ...
//   (default: this repository, word "budget")
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchCommand } from "./parse-bench-command.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:cli -- [--runs N] [--checkout DIR[=WORD]] ...

Times \`node bin/askcode.js ask\` cold (empty cache) and warm, and a bad argument,
on each checkout (default: this repository), with the ratio to \`git grep -n WORD\`.
Needs a build: npm run build.`,
  options: {
    runs: { type: "string", default: "3" },
    checkout: { type: "string", multiple: true },
  },
});
const BIN = new URL("../bin/askcode.js", import.meta.url).pathname;
const runs = Number(values.runs);
const targets = values.checkout ?? [`${process.cwd()}=budget`];

function seconds(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: "ignore", env });
  const elapsed = (performance.now() - started) / 1000;
  if (result.status !== 0 && !args.includes("--bogus"))
    throw new Error(`${command} ${args.join(" ")} exited ${result.status}`);
  return elapsed;
}

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

for (const target of targets) {
  const [dir = ".", word = "budget"] = target.split("=");
  const files = spawnSync("git", ["ls-files"], { cwd: dir, encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean).length;
  const ask = (cache: string) => [
    BIN,
    "ask",
    `where is ${word} handled?`,
    "--cache-dir",
    cache,
  ];
  const cold: number[] = [];
  const warm: number[] = [];
  const grep: number[] = [];
  const bad: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cache = mkdtempSync(path.join(tmpdir(), "askcode-bench-cli-"));
    // A first run has neither askcode's cache nor Node's compiled modules
    // (bin/askcode.js keeps them in NODE_COMPILE_CACHE): both start empty.
    const env = {
      ...process.env,
      NODE_COMPILE_CACHE: path.join(cache, "node"),
    };
    cold.push(seconds(process.execPath, ask(cache), dir, env));
    warm.push(seconds(process.execPath, ask(cache), dir, env));
    rmSync(cache, { recursive: true, force: true });
    grep.push(seconds("git", ["grep", "-n", word], dir));
    bad.push(seconds(process.execPath, [BIN, "ask", "--bogus"], dir));
  }
  const g = median(grep);
  console.log(
    `${path.basename(path.resolve(dir))} (${files} files, median of ${runs}): ` +
      `cold ${median(cold).toFixed(2)} s (${(median(cold) / g).toFixed(0)}× git grep), ` +
      `warm ${median(warm).toFixed(2)} s (${(median(warm) / g).toFixed(0)}× git grep), ` +
      `bad argument ${median(bad).toFixed(2)} s, git grep -n ${word} ${g.toFixed(3)} s`,
  );
}
