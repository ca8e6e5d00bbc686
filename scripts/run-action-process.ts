import { spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const MAIN = fileURLToPath(new URL("../src/action/main.ts", import.meta.url));
// Resolved here: from another working directory `--import tsx` is not found.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/**
 * Runs the Action's entry (`src/action/main.ts`, under tsx) as the runner
 * runs a step: a process of its own with only PATH and `env`
 * (`actionRunnerEnv`), in `cwd`, and resolves with its exit code and what
 * it printed (the runner's log: groups, annotations).
 *
 * @example
 * const { code, output } = await runActionProcess({ env, cwd: dir });
 */
export async function runActionProcess(options: {
  env: Record<string, string>;
  cwd: string;
}): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", TSX, MAIN], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
  const [code] = (await once(child, "close")) as [number | null];
  return { code, output: Buffer.concat(chunks).toString("utf8") };
}
