import { CHUNK_SIGNALS } from "../../src/retrieval/rank/chunk-signals.js";
import type { ChunkModel } from "../../src/retrieval/rank/chunk-model.js";
import type { ChunkModelFit } from "./fit-chunk-model.js";
import type { L2Choice } from "./cross-validate-l2.js";
import type { KnobChoice } from "./packing-knobs.js";

/** Where packing reads its chunk model from; `fit:weights --chunk-model --write` rewrites it. */
export const CHUNK_MODEL_PATH = "src/retrieval/rank/chunk-model-weights.ts";

/**
 * The source of chunk-model-weights.ts for a fit: the model as data, and in
 * its comment the command that produced it, what the heads learned and what
 * the real packer showed with the knobs chosen, so a reader of packing knows
 * where each number came from.
 *
 * @example
 * writeFileSync(CHUNK_MODEL_PATH, renderChunkModel({ ...fit, model, packing }, "npm run fit:weights -- --chunk-model --write"));
 */
export function renderChunkModel(
  fit: ChunkModelFit & {
    cv?: L2Choice;
    model: ChunkModel;
    packing: KnobChoice;
  },
  command: string,
): string {
  const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
  const head = (name: "line" | "file") => [
    `  ${name}: {`,
    ...CHUNK_SIGNALS.map((s) => `    ${s}: ${fit.model[name][s]},`),
    "  },",
  ];
  const { off, chosen, questions, budget } = fit.packing;
  // The trees are data of their own (render-chunk-trees.ts), named here.
  const trees = fit.model.trees !== undefined;
  return [
    'import type { ChunkModel } from "./chunk-model.js";',
    ...(trees
      ? ['import { CHUNK_MODEL_TREES } from "./chunk-model-trees.js";']
      : []),
    "",
    "/**",
    " * The chunk model packing uses by default, fitted by",
    ` * \`${command}\``,
    " * (bench/weights/fit-chunk-model.ts) on",
    ` * ${fit.questions} questions, ${fit.rows} ranked chunks. Loss per question from all-zero weights:`,
    ` * line ${fit.loss.line[0].toFixed(4)} → ${fit.loss.line[1].toFixed(4)}, file ${fit.loss.file[0].toFixed(4)} → ${fit.loss.file[1].toFixed(4)}.`,
    ...(fit.cv ? l2Lines(fit.cv) : []),
    ` * Knobs chosen by packing ${questions} of the same questions at ${budget} tokens with the real`,
    " * packer (bench/weights/packing-knobs.ts), rank order → the model's:",
    ` * gold files with a body ${percent(off.body)} → ${percent(chosen.shown.body)}, gold lines ${percent(off.lines)} → ${percent(chosen.shown.lines)},`,
    ` * gold files with the map ${percent(off.map)} → ${percent(chosen.shown.map)}.`,
    " * Generated: change the rows or the fit, not this file.",
    " */",
    "export const CHUNK_MODEL: ChunkModel = {",
    ...head("line"),
    ...head("file"),
    ...(trees ? ["  trees: CHUNK_MODEL_TREES,"] : []),
    `  newFile: ${fit.model.newFile},`,
    `  cost: ${fit.model.cost},`,
    `  strong: ${fit.model.strong},`,
    "};",
    "",
  ].join("\n");
}

/** How each head's L2 was chosen, for the header (only when it was). */
function l2Lines(cv: L2Choice): string[] {
  return [
    ` * L2 per weight chosen by ${cv.folds}-fold cross-validation over repositories (held-out loss`,
    ` * per question): line ${cv.chosen.line}, file ${cv.chosen.file}, of ${cv.points.map((p) => p.l2).join(", ")}.`,
  ];
}
