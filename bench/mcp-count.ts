// bench:mcp-count: the instructions one `askcode mcp` process runs for a
// session of `ask` calls made one after the other on an empty cache
// directory, counted by valgrind (cachegrind, no cache simulation), where
// wall time on a shared machine says little. A background index is marked
// as running in the cache directory, so that none starts: every call is
// made before the whole index lands, as an agent asking again within
// seconds makes it, and the count is this process's alone. A process's
// count with two calls less its count with one is what the second call
// ran.
//
// With --redactions-from, the cache directory starts with what redaction
// found that an earlier process kept there (`redactions-*.json`): a cold
// call's count without redacting anew.
//
//   npm run build && npm run bench:mcp-count -- --checkout DIR [--calls N] [--question Q] [--redactions-from CACHE]
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { indexingKey, markIndexing } from "../src/cli/indexing-marks.js";
import { benchCommand } from "./parse-bench-command.js";
import { positiveInteger } from "./swebench/positive-integer-arg.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:mcp-count -- --checkout DIR [--calls N] [--question Q] [--redactions-from CACHE]

Runs \`valgrind --tool=cachegrind --cache-sim=no node bin/askcode.js mcp --repo
DIR\` on an empty cache directory (a background index marked as running there,
so none starts), sends initialize, then N ask calls of QUESTION (default 1,
"where is the configuration read?"), each once the one before is answered, and
prints the instructions the process ran. --redactions-from: a cache directory
whose kept redactions (redactions-*.json) the empty one starts with. Needs
valgrind and a build: npm run build.`,
  options: {
    checkout: { type: "string" },
    calls: { type: "string", default: "1" },
    question: { type: "string", default: "where is the configuration read?" },
    "redactions-from": { type: "string" },
  },
});
const calls = positiveInteger("--calls", values.calls) ?? 1;
const BIN = new URL("../bin/askcode.js", import.meta.url).pathname;
const repo = path.resolve(values.checkout ?? process.cwd());
const cache = mkdtempSync(path.join(tmpdir(), "askcode-bench-mcp-count-"));
const from = values["redactions-from"];
for (const name of from ? readdirSync(from) : [])
  if (/^redactions-.*\.json$/.test(name))
    copyFileSync(path.join(from as string, name), path.join(cache, name));
// Ours, for as long as the count runs: the server sees a live indexer.
markIndexing(cache, indexingKey(repo));

const server = spawn(
  "valgrind",
  [
    "--tool=cachegrind",
    "--cache-sim=no",
    "--cachegrind-out-file=/dev/null",
    process.execPath,
    BIN,
    "mcp",
    "--repo",
    repo,
    "--cache-dir",
    cache,
  ],
  { stdio: ["pipe", "pipe", "pipe"] },
);
let stderr = "";
server.stderr.on("data", (chunk) => (stderr += chunk));
const answers = new Map<number, (message: { error?: unknown }) => void>();
createInterface({ input: server.stdout }).on("line", (line) => {
  const message = JSON.parse(line) as { id?: number; error?: unknown };
  if (message.id !== undefined) answers.get(message.id)?.(message);
});
const send = (message: object) =>
  server.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
const request = (id: number, method: string, params: object) =>
  new Promise<{ error?: unknown }>((resolve) => {
    answers.set(id, resolve);
    send({ id, method, params });
  });

try {
  await request(0, "initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "bench-mcp-count", version: "0" },
  });
  send({ method: "notifications/initialized" });
  for (let call = 1; call <= calls; call++) {
    const answer = await request(call, "tools/call", {
      name: "ask",
      arguments: { question: values.question },
    });
    if (answer.error)
      throw new Error(`call ${call} failed: ${JSON.stringify(answer.error)}`);
  }
  server.stdin.end();
  await new Promise((resolve) => server.on("close", resolve));
  const counted = /I\s+refs:\s+([\d,]+)/.exec(stderr)?.[1];
  if (!counted) throw new Error(`valgrind said no count:\n${stderr}`);
  console.log(
    `${path.basename(repo)}, ${calls} call(s): ${counted} instructions`,
  );
} finally {
  rmSync(cache, { recursive: true, force: true });
}
