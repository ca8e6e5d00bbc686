import { spawn } from "node:child_process";

export interface GitOutput {
  /** The exit code; null when git was killed by a signal. */
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

// Variables that would point git at another repository than `cwd`'s (set, for
// example, when askcode runs inside a git hook).
const REPOSITORY_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_COMMON_DIR",
];

/** The environment for git: ours, minus anything that redirects it to another repository. */
export function gitEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of REPOSITORY_VARIABLES) delete env[name];
  return env;
}

/**
 * Runs `git <args>` in `cwd` without a shell (arguments are never parsed by
 * one) and collects its output. Resolves with the exit code rather than
 * rejecting on failure, because callers give failures different meanings
 * (an unknown ref, not a repository); rejects only when git cannot start,
 * or when `signal` aborts (git is killed then).
 *
 * @example
 * const { code, stdout } = await runGit(root, ["rev-parse", "--verify", "main^{commit}"]);
 */
export function runGit(
  cwd: string,
  args: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    // An aborted signal kills git and rejects with node's AbortError.
    const child = spawn("git", args, {
      cwd,
      env: gitEnvironment(),
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      resolve({
        code,
        stdout: Buffer.concat(stdout),
        stderr: Buffer.concat(stderr).toString("utf8").trim(),
      });
    });
  });
}
