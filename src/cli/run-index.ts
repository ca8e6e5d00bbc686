import { createLocalCodeHost } from "../code-host/local/local-code-host.js";
import { readBuildId } from "./build-id.js";
import { withoutExcludedPaths } from "./checkout-excludes.js";
import { stderrLog } from "./stderr-log.js";
import { indexCheckout } from "./index-checkout.js";
import { indexingKey, markIndexing } from "./indexing-marks.js";
import { openCliCaches, type CliCaches } from "./open-cli-caches.js";
import type { IndexArgs } from "./parse-index-args.js";

export interface RunIndexDeps {
  createLocalCodeHost: typeof createLocalCodeHost;
  openCaches: (dir: string) => Promise<CliCaches>;
  now: () => number;
}

const defaultDeps: RunIndexDeps = {
  createLocalCodeHost,
  openCaches: (dir) =>
    openCliCaches(dir, { buildId: readBuildId(), log: stderrLog }),
  now: () => performance.now(),
};

/**
 * `askcode index`: indexes a checkout whole (every file with its syntax
 * tree, on threads when many need one) and keeps what it derived and the
 * whole index in the cache directory, so that a question about the same
 * files loads the index instead of building it.
 *
 * @example
 * await runIndex(parseIndexArgs(["--repo", "../flask"], cwd, env), { stdout: process.stdout });
 * // Indexed 236 files (1,741 chunks) of /home/ada/flask in 1.1 s; kept in /home/ada/.cache/askcode.
 */
export async function runIndex(
  args: IndexArgs,
  io: { stdout: { write(text: string): unknown } },
  deps: Partial<RunIndexDeps> = {},
): Promise<void> {
  const d = { ...defaultDeps, ...deps };
  const unmark = markIndexing(args.cacheDir, indexingKey(args.repo, args.ref));
  const host = d.createLocalCodeHost({ root: args.repo });
  try {
    const started = d.now();
    const resolved = await host.resolveRef(args.ref);
    const caches = await d.openCaches(args.cacheDir);
    // The files `askcode ask` reads: its kept index must be theirs.
    const reader = withoutExcludedPaths(host.at(resolved.sha), (line) =>
      stderrLog.warn({}, line),
    );
    const { index } = await indexCheckout(reader, {
      ...caches,
      now: d.now,
    });
    const seconds = ((d.now() - started) / 1000).toFixed(1);
    if (!args.quiet)
      io.stdout.write(
        `Indexed ${index.files.length.toLocaleString("en-US")} files ` +
          `(${index.chunks.length.toLocaleString("en-US")} chunks) of ${args.repo}` +
          `${args.ref ? ` at ${args.ref}` : ""} in ${seconds} s; kept in ${args.cacheDir}.\n`,
      );
  } finally {
    await host.close();
    unmark();
  }
}
