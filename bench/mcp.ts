// bench:mcp: `askcode mcp` as a coding agent starts it (`node bin/askcode.js
// mcp`, from the compiled dist/), driven by the MCP SDK's own client over
// stdio, on real checkouts: the time to initialize, the first `ask` call
// with an empty cache directory (cold), the same call again in the same
// process (warm: the index held in memory), the same call once the
// background index a cold question may start is done, another question,
// and, in a new process on the cache so filled, a first call (warm disk).
// Each is the call's round trip as the client sees it.
//
//   npm run build && npm run bench:mcp -- [--runs N] [--checkout DIR[=QUESTION]] ...
//   (default: this repository)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { indexingPids } from "../src/cli/indexing-marks.js";
import { benchCommand } from "./parse-bench-command.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:mcp -- [--runs N] [--checkout DIR[=QUESTION]] ...

Starts \`node bin/askcode.js mcp --repo DIR\` with an empty cache directory and
times, through the MCP SDK's client: initialize, a first ask call (cold), the
same call again (warm, in memory), the same once the background index is done,
another question, and a first call in a new process on the filled cache. Each
checkout (default: this repository) may name its question. Needs a build:
npm run build.`,
  options: {
    runs: { type: "string", default: "3" },
    checkout: { type: "string", multiple: true },
  },
});
const BIN = new URL("../bin/askcode.js", import.meta.url).pathname;
const runs = Number(values.runs);
const targets = values.checkout ?? [
  `${process.cwd()}=where is a stale response revalidated with its ETag?`,
];

/** A server for `dir` on the cache directory `cache`, and the client that drives it. */
async function connect(dir: string, cache: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", "--repo", dir, "--cache-dir", cache],
    env: {
      ...process.env,
      NODE_COMPILE_CACHE: path.join(cache, "node"),
    } as Record<string, string>,
    stderr: "ignore",
  });
  const client = new Client({ name: "bench-mcp", version: "0" });
  const started = performance.now();
  await client.connect(transport);
  return { client, initialize: (performance.now() - started) / 1000 };
}

async function askSeconds(client: Client, question: string): Promise<number> {
  const started = performance.now();
  const result = await client.callTool({
    name: "ask",
    arguments: { question },
  });
  if (result.isError)
    throw new Error(
      `ask ${JSON.stringify(question)} failed: ${JSON.stringify(result.content)}`,
    );
  return (performance.now() - started) / 1000;
}

// Done when no live process marks a checkout in the cache directory (src/cli/indexing-marks.ts).
async function backgroundIndexDone(cache: string): Promise<void> {
  const deadline = performance.now() + 10 * 60_000;
  while (indexingPids(cache).length > 0) {
    if (performance.now() > deadline)
      throw new Error(`the background index in ${cache} ran over 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// A second question, unlike the first, that any code base answers.
const ANOTHER = "where are errors handled and reported?";

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

for (const target of targets) {
  const at = target.indexOf("=");
  const dir = path.resolve(at < 0 ? target : target.slice(0, at));
  const question =
    at < 0 ? "where is the configuration read?" : target.slice(at + 1);
  const times: Record<string, number[]> = {
    initialize: [],
    cold: [],
    warm: [],
    "after background index": [],
    "another question": [],
    "new process, warm disk": [],
  };
  for (let i = 0; i < runs; i++) {
    const cache = mkdtempSync(path.join(tmpdir(), "askcode-bench-mcp-"));
    try {
      const first = await connect(dir, cache);
      times.initialize!.push(first.initialize);
      times.cold!.push(await askSeconds(first.client, question));
      times.warm!.push(await askSeconds(first.client, question));
      await backgroundIndexDone(cache);
      times["after background index"]!.push(
        await askSeconds(first.client, question),
      );
      times["another question"]!.push(await askSeconds(first.client, ANOTHER));
      await first.client.close();
      const second = await connect(dir, cache);
      times["new process, warm disk"]!.push(
        await askSeconds(second.client, question),
      );
      await second.client.close();
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }
  console.log(
    `${path.basename(dir)} (median of ${runs}): ` +
      Object.entries(times)
        .map(([what, xs]) => `${what} ${median(xs).toFixed(2)} s`)
        .join(", "),
  );
}
