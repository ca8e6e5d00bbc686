import { CHUNK_SIGNALS } from "../../src/retrieval/rank/chunk-signals.js";
import type { ChunkModelFit } from "./fit-chunk-model.js";

/** Where packing reads its chunk model from; `fit:weights --chunk-model --write` rewrites it. */
export const CHUNK_MODEL_PATH = "src/retrieval/rank/chunk-model-weights.ts";

/**
 * The source of chunk-model-weights.ts for a fit: the model as data, and in
 * its comment the command that produced it and what the fit gained on the
 * rows it learned from, so a reader of packing knows where each number came
 * from.
 *
 * @example
 * writeFileSync(CHUNK_MODEL_PATH, renderChunkModel(fit, "npm run fit:weights -- --chunk-model --write"));
 */
export function renderChunkModel(fit: ChunkModelFit, command: string): string {
  const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
  const head = (name: "line" | "file") => [
    `  ${name}: {`,
    ...CHUNK_SIGNALS.map((s) => `    ${s}: ${fit.model[name][s]},`),
    "  },",
  ];
  const { ranked, fitted } = fit.shown;
  return [
    'import type { ChunkModel } from "./chunk-model.js";',
    "",
    "/**",
    " * The chunk model packing uses by default, fitted by",
    ` * \`${command}\``,
    " * (bench/weights/fit-chunk-model.ts) on",
    ` * ${fit.questions} questions, ${fit.rows} ranked chunks. Loss per question from all-zero weights:`,
    ` * line ${fit.loss.line[0].toFixed(4)} → ${fit.loss.line[1].toFixed(4)}, file ${fit.loss.file[0].toFixed(4)} → ${fit.loss.file[1].toFixed(4)}.`,
    " * Packing simulated on the same rows (chunks whole, by the budget):",
    ` * gold files shown ${percent(ranked.files)} in rank order, ${percent(fitted.files)} in the model's;`,
    ` * gold lines ${percent(ranked.lines)} and ${percent(fitted.lines)}.`,
    " * Generated: change the rows or the fit, not this file.",
    " */",
    "export const CHUNK_MODEL: ChunkModel = {",
    ...head("line"),
    ...head("file"),
    `  newFile: ${fit.model.newFile},`,
    `  cost: ${fit.model.cost},`,
    `  strong: ${fit.model.strong},`,
    "};",
    "",
  ].join("\n");
}
