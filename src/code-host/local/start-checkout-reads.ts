import { resolve } from "node:path";
import type { DetectedRepository } from "./detect-repository.js";
import { readCheckoutHead } from "./read-checkout-head.js";
import { workingTreeStamp, type TakenStamp } from "./working-tree-stamp.js";

/**
 * What git says of a checkout before a question can read it: what the
 * directory is, HEAD's branch and commit (`resolveRef()`), and the work
 * tree's stamp (the reader's first `treeStamp()`, which finds a kept
 * index). Each is a promise of git's answer, asked at once.
 */
export interface CheckoutReads {
  /** The directory they were asked in, absolute. */
  root: string;
  detected: Promise<DetectedRepository>;
  branch: Promise<string | undefined>;
  head: Promise<string | undefined>;
  stamp: Promise<TakenStamp | undefined>;
}

/**
 * Starts the two git processes a question on the working tree begins with,
 * at once: one `git rev-parse` for what the directory is and HEAD's branch
 * and commit (`readCheckoutHead`), and the stamp's `git ls-files`. Each
 * costs its start (about 5 ms), and `ls-files` an lstat per file (about
 * 20 ms on 6,713 files), which run
 * on another core while this process goes on. `askcode ask` starts them
 * before it loads retrieval's modules (a tenth of a second of one core),
 * so that a warm question no longer waits for git after them; a host
 * (`createLocalCodeHost`) starts them itself on its first `resolveRef()`.
 *
 * A git that cannot start fails each promise where it is awaited, as the
 * same calls made one by one would; one that is never awaited (a question
 * refused first) fails nothing.
 *
 * @example
 * const early = startCheckoutReads(process.cwd());
 * const { runAsk } = await import("./run-ask.js"); // git runs meanwhile
 * await runAsk(args, { cwd, stdout, early });
 */
export function startCheckoutReads(root: string): CheckoutReads {
  const absolute = resolve(root);
  const head = readCheckoutHead(absolute);
  const reads: CheckoutReads = {
    root: absolute,
    detected: head.then((read) => read.detected),
    branch: head.then((read) => read.branch),
    head: head.then((read) => read.head),
    stamp: workingTreeStamp(absolute),
  };
  // Handled here, so that a failure no caller awaits is no unhandled rejection.
  for (const read of [reads.detected, reads.branch, reads.head, reads.stamp])
    read.catch(() => {});
  return reads;
}
