import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

// A fixed identity and clock: tests run on clean CI machines with no git
// config, and fixed dates keep commit SHAs out of the way of flakiness.
const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: "askcode tests",
  GIT_AUTHOR_EMAIL: "tests@askcode.invalid",
  GIT_COMMITTER_NAME: "askcode tests",
  GIT_COMMITTER_EMAIL: "tests@askcode.invalid",
  GIT_AUTHOR_DATE: "2025-01-01T00:00:00Z",
  GIT_COMMITTER_DATE: "2025-01-01T00:00:00Z",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
};

/** A fresh directory under the OS temp dir; remove it with `removeDir`. */
export function makeTempDir(prefix = "askcode-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Writes files (creating directories) below `root`: `{ "src/a.ts": "text" }`. */
export function writeFiles(
  root: string,
  files: Record<string, string | Buffer>,
): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** Runs git in `cwd` with the test identity; throws with git's stderr on failure. */
export function git(cwd: string, ...args: string[]): string {
  const result = spawnSync(
    "git",
    [
      "-c",
      "init.defaultBranch=main",
      "-c",
      "protocol.file.allow=always",
      ...args,
    ],
    {
      cwd,
      env: GIT_ENV,
      encoding: "utf8",
    },
  );
  if (result.status !== 0)
    throw new Error(`git ${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** `git init` in a new temp dir. */
export function initRepo(): string {
  const root = makeTempDir("askcode-repo-");
  git(root, "init", "--quiet");
  return root;
}

/** Stages everything and commits; returns the new commit's SHA. */
export function commitAll(root: string, message: string): string {
  git(root, "add", "--all");
  git(root, "commit", "--quiet", "--allow-empty", "-m", message);
  return git(root, "rev-parse", "HEAD");
}
