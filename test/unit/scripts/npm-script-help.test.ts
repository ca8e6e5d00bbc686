import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";

const ROOT = new URL("../../../", import.meta.url).pathname;
// The npm scripts a person runs by hand, each with its own command line:
// benchmarks, smoke tests, the weights fit and the schema writer.
const FAMILIES = /^(bench|smoke|fit|config|docker|compose):/;
const NAMES = Object.keys(
  (
    JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts,
).filter((name) => FAMILIES.test(name));

/** `npm run NAME -- --help`, awaited on its exit. */
async function help(name: string) {
  const child = spawn("npm", ["run", "--silent", name, "--", "--help"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const [code] = (await once(child, "close")) as [number | null];
  return { name, code, usage: stdout.includes(`npm run ${name}`), stderr };
}

/** Tracked files that differ from the commit (what a script might have rewritten). */
const changedFiles = () =>
  spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], {
    cwd: ROOT,
    encoding: "utf8",
  }).stdout;

describe("every npm script's --help", () => {
  it("prints the script's usage, exits 0 and changes no tracked file", async () => {
    expect(NAMES.length).toBeGreaterThan(20);
    const before = changedFiles();
    // Two at a time: each starts node (most through tsx), and only parses
    // its arguments before exiting.
    const results: Awaited<ReturnType<typeof help>>[] = [];
    const queue = [...NAMES];
    await Promise.all(
      [0, 1].map(async () => {
        for (let name = queue.shift(); name; name = queue.shift())
          results.push(await help(name));
      }),
    );
    expect(
      results
        .filter((result) => result.code !== 0 || !result.usage)
        .map(({ name, code, stderr }) => ({ name, code, stderr })),
    ).toEqual([]);
    expect(changedFiles()).toBe(before);
  });
});
