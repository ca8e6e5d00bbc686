// bench:cli: the CLI as a user starts it (`node bin/askcode.js ask …`, from
// the compiled dist/), on real checkouts: a question with an empty cache
// directory and no compiled modules kept (cold); once the index that a cold
// question may start in the background is done (as a user reads the first
// answer), the same question again (warm) and another question (warm,
// new); and a bad argument; each against `git grep -n <word>` over the same
// checkout, the floor for reading it. A bare repository (a git mirror) is
// cloned first, sharing its objects, and its HEAD checked out.
//
//   npm run build && npm run bench:cli -- [--runs N] [--checkout DIR[=WORD]] ...
//   (default: this repository, word "budget")
//
// The two sizes issue 36 sets targets for, flask and a django-sized
// checkout (about 6,700 files):
//
//   git clone --depth 1 https://github.com/django/django /tmp/django
//   git clone --depth 1 https://github.com/pallets/flask /tmp/flask
//   npm run bench:cli -- --runs 5 --checkout /tmp/django=format \
//     --checkout /tmp/flask=session
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { indexingPids } from "../src/cli/indexing-marks.js";
import { benchCommand } from "./parse-bench-command.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:cli -- [--runs N] [--checkout DIR[=WORD]] ...

Times \`node bin/askcode.js ask\` cold (empty cache), then, once the background
index a cold question may start is done, the same question and another one
(warm), and a bad argument, on each checkout (default: this repository), with
the ratio to \`git grep -n WORD\`. A bare repository (a git mirror) is cloned
to a temporary checkout of its HEAD first. Needs a build: npm run build.

The two sizes the CLI is measured on, flask and a django-sized checkout:
  git clone --depth 1 https://github.com/django/django /tmp/django
  git clone --depth 1 https://github.com/pallets/flask /tmp/flask
  npm run bench:cli -- --runs 5 --checkout /tmp/django=format \\
    --checkout /tmp/flask=session`,
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

// The background index a cold question started: done when no live process
// marks a checkout in the cache directory (src/cli/indexing-marks.ts).
async function backgroundIndexSeconds(cache: string): Promise<number> {
  const started = performance.now();
  const deadline = started + 10 * 60_000;
  while (indexingPids(cache).length > 0) {
    if (performance.now() > deadline)
      throw new Error(`the background index in ${cache} ran over 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return (performance.now() - started) / 1000;
}

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

// A mirror has no working tree to ask about: a clone sharing its objects
// (no copy of them) checks out its HEAD, removed once measured.
function checkoutOf(dir: string): { dir: string; remove?: () => void } {
  const bare = spawnSync("git", ["rev-parse", "--is-bare-repository"], {
    cwd: dir,
    encoding: "utf8",
  }).stdout.trim();
  if (bare !== "true") return { dir };
  const clone = mkdtempSync(path.join(tmpdir(), "askcode-bench-cli-checkout-"));
  const cloned = spawnSync("git", ["clone", "-q", "--shared", dir, clone], {
    stdio: "inherit",
  });
  if (cloned.status !== 0)
    throw new Error(`git clone --shared ${dir} exited ${cloned.status}`);
  return {
    dir: clone,
    remove: () => rmSync(clone, { recursive: true, force: true }),
  };
}

for (const target of targets) {
  const [given = ".", word = "budget"] = target.split("=");
  const checkout = checkoutOf(given);
  const dir = checkout.dir;
  const files = spawnSync("git", ["ls-files"], { cwd: dir, encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean).length;
  const ask = (cache: string, question = `where is ${word} handled?`) => [
    BIN,
    "ask",
    question,
    "--cache-dir",
    cache,
  ];
  const cold: number[] = [];
  const background: number[] = [];
  const warm: number[] = [];
  const another: number[] = [];
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
    background.push(await backgroundIndexSeconds(cache));
    warm.push(seconds(process.execPath, ask(cache), dir, env));
    another.push(
      seconds(process.execPath, ask(cache, `how is ${word} tested?`), dir, env),
    );
    rmSync(cache, { recursive: true, force: true });
    grep.push(seconds("git", ["grep", "-n", word], dir));
    bad.push(seconds(process.execPath, [BIN, "ask", "--bogus"], dir));
  }
  checkout.remove?.();
  const g = median(grep);
  const name = path.basename(path.resolve(given));
  console.log(
    `${name === "repo" ? path.basename(path.dirname(path.resolve(given))) : name} (${files} files, median of ${runs}): ` +
      `cold ${median(cold).toFixed(2)} s (${(median(cold) / g).toFixed(0)}× git grep), ` +
      `background index ${median(background).toFixed(2)} s more, ` +
      `warm ${median(warm).toFixed(2)} s (${(median(warm) / g).toFixed(0)}× git grep), ` +
      `another question ${median(another).toFixed(2)} s, ` +
      `bad argument ${median(bad).toFixed(2)} s, git grep -n ${word} ${g.toFixed(3)} s`,
  );
}
