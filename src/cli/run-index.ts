import { createLocalCodeHost } from "../code-host/local/local-code-host.js";
import { createTokenCounter } from "../tokens/create-token-counter.js";
import { encodingForModel } from "../tokens/encoding-for-model.js";
import { keepCountedPieces } from "../tokens/load-encoder.js";
import { readBuildId } from "./build-id.js";
import { keepChunkTokenCounts } from "./chunk-token-counts.js";
import { DEFAULT_MODEL } from "./default-model.js";
import { withoutExcludedPaths } from "./checkout-excludes.js";
import { stderrLog } from "./stderr-log.js";
import { indexCheckout } from "./index-checkout.js";
import { indexingKey, markIndexing } from "./indexing-marks.js";
import { openKeptEncodings } from "./kept-encodings.js";
import { openCliCaches, type CliCaches } from "./open-cli-caches.js";
import type { IndexArgs } from "./parse-index-args.js";

export interface RunIndexDeps {
  createLocalCodeHost: typeof createLocalCodeHost;
  openCaches: (dir: string) => Promise<CliCaches>;
  /** Counts the index's chunks that `dir` does not hold counted, and keeps them there (`keepChunkTokenCounts`), with the pieces counted (`keepCountedPieces`). */
  keepChunkTokenCounts: (
    dir: string,
    chunks: Iterable<{ text: string }>,
  ) => Promise<unknown>;
  now: () => number;
}

const warnLine = { warn: (line: string) => stderrLog.warn({}, line) };

const defaultDeps: RunIndexDeps = {
  createLocalCodeHost,
  openCaches: (dir) =>
    openCliCaches(dir, { buildId: readBuildId(), log: stderrLog }),
  // In the encoding of the model questions count for unless told otherwise;
  // and the pieces that counting merged, for the texts questions count anew.
  keepChunkTokenCounts: async (dir, chunks) => {
    const keptEncodings = openKeptEncodings(dir, {
      log: warnLine,
      keepPieces: true,
    });
    const encoding = encodingForModel(DEFAULT_MODEL);
    const counter = createTokenCounter({ encoding, keptEncodings });
    await keepChunkTokenCounts(dir, chunks, counter, { log: warnLine });
    keepCountedPieces(encoding, keptEncodings);
  },
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
    // After the index is kept, so a question meanwhile finds it: a new
    // question then looks its chunks' counts up instead of tokenizing them.
    await d.keepChunkTokenCounts(args.cacheDir, index.chunks);
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
