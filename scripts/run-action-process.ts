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
 * (`actionRunnerEnv`), in `cwd`, and resolves with its exit code (null
 * when a signal ended it) and what it printed (the runner's log: groups,
 * annotations). `cancel` sends it a signal once `after` resolved, as the
 * runner does when the workflow run is cancelled.
 *
 * @example
 * const { code, output } = await runActionProcess({ env, cwd: dir });
 */
export async function runActionProcess(options: {
  env: Record<string, string>;
  cwd: string;
  cancel?: { after: Promise<unknown>; signal: NodeJS.Signals };
}): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", TSX, MAIN], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
  const closed = once(child, "close");
  const { cancel } = options;
  // Only while it runs: a step that ended first is not signalled.
  void cancel?.after.then(() => {
    if (child.exitCode === null && child.signalCode === null)
      child.kill(cancel.signal);
  });
  const [code] = (await closed) as [number | null];
  return { code, output: Buffer.concat(chunks).toString("utf8") };
}
