import { chunkerFor } from "../chunks/chunk-file.js";
import { DEFAULT_TOP_FILES } from "./choose-files-to-parse.js";

// Trees to make, in multiples of the files chosen from the first pass, up
// to which one stage is cheaper: on a 236-file Python repository (84 trees)
// a first pass took the index from 268 to 484 ms; on a 639-file C one (367
// trees) it saved 1771 → 1116 ms.
const ONE_STAGE_PER_TOP_FILE = 3;

export interface FirstPassLimits {
  /** Distinct files of the first pass's best chunks given their tree (default 100; see `ParseLimits`). */
  topFiles?: number;
  /** Most trees to make for which every tree is made in one stage (default 3 × `topFiles`). */
  oneStageMaxTrees?: number;
}

/**
 * How many of `files` are cut on a syntax tree: only those cost a parse.
 * The others (blank lines) are cut the same way in either pass.
 *
 * @example
 * treesToMake([{ path: "a.py" }, { path: "b.ts" }, { path: "README.md" }]) // 1
 */
export function treesToMake(files: Iterable<{ path: string }>): number {
  let trees = 0;
  for (const file of files) if (chunkerFor(file.path) !== "text") trees++;
  return trees;
}

/**
 * Whether an index for one question should be built in two stages (cut
 * every file without its tree, rank, parse only what can reach the
 * context) rather than making every lacking tree at once. A first pass
 * costs about a tenth of parsing plus an extra assembly and ranking, and
 * parses up to `topFiles` files anyway: with few trees to make, parsing
 * them all is cheaper than choosing, and gives the full index.
 *
 * @example
 * firstPassPays(1_380) // true
 * firstPassPays(84)    // false
 * firstPassPays(84, { oneStageMaxTrees: 0 }) // true: two stages whenever a tree is lacking
 */
export function firstPassPays(
  trees: number,
  limits: FirstPassLimits = {},
): boolean {
  const max =
    limits.oneStageMaxTrees ??
    ONE_STAGE_PER_TOP_FILE * (limits.topFiles ?? DEFAULT_TOP_FILES);
  return trees > max;
}
