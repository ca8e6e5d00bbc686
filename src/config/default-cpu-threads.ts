import { availableParallelism } from "node:os";

/**
 * The default thread count: every core but the one the event loop runs on,
 * at least one (on two cores the loop and one thread), at most four
 * (indexing one repository gains little beyond that, and each thread holds
 * its own grammars and secretlint rules, some 70 MB).
 *
 * @example
 * defaultCpuThreads(2) // 1
 */
export function defaultCpuThreads(cores = availableParallelism()): number {
  return Math.min(4, Math.max(1, cores - 1));
}
