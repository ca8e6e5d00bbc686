import { availableParallelism } from "node:os";

// Node starts V8 with four helper threads, which compile hot JavaScript and
// WebAssembly with TurboFan and collect garbage beside the main thread. On
// two cores they and the main thread take turns; with one helper, each has
// a core. Whole indexes of the 6,714-file checkout of README's figures on
// this 2-core machine, paired runs with and without: 0.94× the wall time,
// 0.97× the CPU, 35 MB less peak memory (docs/architecture/overview.md, "What a
// cold question spends", has the runs).
const FEW_CORES = 2;

/**
 * The Node options a detached `askcode index` starts with: one V8 helper
 * thread on a machine of `FEW_CORES` cores or fewer, Node's defaults above.
 * A start-up option (not one `v8.setFlagsFromString` can change later), so
 * it is given to the process the question starts; a command the user runs
 * keeps the options the user gave it.
 *
 * @example
 * backgroundNodeOptions(2) // ["--v8-pool-size=1"]
 * backgroundNodeOptions(8) // []
 */
export function backgroundNodeOptions(
  cores: number = availableParallelism(),
): string[] {
  return cores <= FEW_CORES ? ["--v8-pool-size=1"] : [];
}
