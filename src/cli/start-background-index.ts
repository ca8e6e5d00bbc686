import { spawn, type ChildProcess } from "node:child_process";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { indexingKey, markIndexing } from "./indexing-marks.js";

// The command as the user started it, from dist/cli or src/cli alike.
const BIN = fileURLToPath(new URL("../../bin/askcode.js", import.meta.url));
// The lowest priority: the user's next command comes first.
const NICENESS = 19;

/**
 * Starts `askcode index --quiet` for a checkout in a process of its own
 * that outlives this one, at the lowest priority, writing nothing to the
 * terminal. A failure to start costs only the next question's time. The
 * process is returned unreferenced: this one may exit first.
 *
 * @example
 * startBackgroundIndex({ repo: "/home/ada/flask", cacheDir: "/home/ada/.cache/askcode" });
 */
export function startBackgroundIndex(checkout: {
  repo: string;
  ref?: string;
  cacheDir: string;
}): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      BIN,
      "index",
      "--quiet",
      "--repo",
      checkout.repo,
      ...(checkout.ref !== undefined ? ["--ref", checkout.ref] : []),
      "--cache-dir",
      checkout.cacheDir,
    ],
    { detached: true, stdio: "ignore" },
  );
  child.on("error", () => {});
  if (child.pid !== undefined) {
    // Marked from now, not from when the child gets to it: a question
    // asked meanwhile must not start another.
    markIndexing(
      checkout.cacheDir,
      indexingKey(checkout.repo, checkout.ref),
      child.pid,
    );
    try {
      setPriority(child.pid, NICENESS);
    } catch {
      // Not allowed here: it runs at the user's priority.
    }
  }
  child.unref();
  return child;
}
