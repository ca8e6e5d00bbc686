import type { ChunkModelTrees } from "../../src/retrieval/rank/chunk-model.js";
import type { HeadBoost, TreeChoice } from "./fit-chunk-trees.js";

/** Where the chunk model's boosted trees are shipped; `fit:weights --chunk-model --trees --write` rewrites it. */
export const CHUNK_TREES_PATH = "src/retrieval/rank/chunk-model-trees.ts";

/**
 * The source of chunk-model-trees.ts (before prettier, which the command
 * runs on it): each head's trees as data, and in its comment the command,
 * the booster's settings and the held-out losses that chose the rounds.
 *
 * @example
 * writeFileSync(CHUNK_TREES_PATH, await format(renderChunkTrees(trees, choice, TREE_BOOST, command), options));
 */
export function renderChunkTrees(
  trees: ChunkModelTrees,
  choice: TreeChoice,
  boost: HeadBoost,
  command: string,
): string {
  const head = (name: "line" | "file") => {
    const loss = choice.loss[name];
    const rounds = choice.rounds[name];
    const o = boost[name];
    return [
      ` * ${name} head: ${(loss[0] as number).toFixed(4)} → ${(loss[rounds] as number).toFixed(4)} at ${rounds} rounds (depth ${o.depth},`,
      ` * shrinkage ${o.shrinkage}, least hessian ${o.minHessian}, L2 ${o.l2}, ${o.bins} quantiles a signal).`,
    ];
  };
  const forest = (name: "line" | "file") => [
    `  ${name}: [`,
    ...trees[name].map((t) => `    ${JSON.stringify(t)},`),
    "  ],",
  ];
  return [
    'import type { ChunkModelTrees } from "./chunk-model.js";',
    "",
    "/**",
    " * The chunk model's boosted trees, added to its linear heads' logits",
    " * (chunk-model-weights.ts), fitted by",
    ` * \`${command}\``,
    " * (bench/weights/boost-trees.ts). A node is [signal, threshold, left, right]",
    " * or [leaf value] (chunk-trees.ts). Rounds chosen by",
    ` * ${choice.folds}-fold cross-validation over repositories, loss per question on the folds`,
    " * not fitted, linear → with the trees:",
    ...head("line"),
    ...head("file"),
    " * Generated: change the rows or the fit, not this file.",
    " */",
    "export const CHUNK_MODEL_TREES: ChunkModelTrees = {",
    ...forest("line"),
    ...forest("file"),
    "};",
    "",
  ].join("\n");
}
