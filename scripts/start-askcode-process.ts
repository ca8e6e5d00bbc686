import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const MAIN = fileURLToPath(new URL("../src/server/main.ts", import.meta.url));
const MISSIONS = fileURLToPath(new URL("../missions", import.meta.url));
// Resolved here: from another working directory `--import tsx` is not found.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

export interface AskcodeProcess {
  url: string;
  child: ChildProcess;
  /** Ends the process with `signal` (default SIGTERM: a graceful stop) and waits for its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts askcode as an operator does (`src/server/main.ts`, under tsx), in a
 * process of its own with only PATH and `env` (a `standInAppEnv`), and
 * resolves once `/readyz` answers 200. Its working directory is `cwd` (an
 * empty one, so no developer's `.env` is read); its output goes to this
 * process's. Fails if the process exits before it is ready.
 *
 * @example
 * const app = await startAskcodeProcess({ url, env: { ...env, REDIS_URL }, cwd: tempDir });
 * await app.stop("SIGKILL");
 */
export async function startAskcodeProcess(options: {
  url: string;
  env: Record<string, string>;
  cwd: string;
}): Promise<AskcodeProcess> {
  const child = spawn(process.execPath, ["--import", TSX, MAIN], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? "",
      ASKCODE_MISSIONS_DIR: MISSIONS,
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => resolve()),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone)
      throw new Error(`askcode at ${options.url} exited before it was ready`);
    const ready = await fetch(`${options.url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: options.url,
    child,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
    },
  };
}
