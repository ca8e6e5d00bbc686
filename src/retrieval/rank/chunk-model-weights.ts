import type { ChunkModel } from "./chunk-model.js";

/**
 * The chunk model packing uses by default, fitted by
 * `npm run fit:weights -- --data train.jsonl --chunk-model --write`
 * (bench/weights/fit-chunk-model.ts) on
 * 122 questions, 66396 ranked chunks. Loss per question from all-zero weights:
 * line 6.2127 → 5.0412, file 0.6931 → 0.1640.
 * Packing simulated on the same rows (chunks whole, by the budget):
 * gold files shown 71.8% in rank order, 81.6% in the model's;
 * gold lines 56.1% and 58.9%.
 * Generated: change the rows or the fit, not this file.
 */
export const CHUNK_MODEL: ChunkModel = {
  line: {
    bias: 0,
    score: 1.6214,
    scoreInFile: -0.7518,
    rank: -0.2883,
    fileRank: -0.2729,
    topFile: 0.0651,
    rankInFile: -0.4184,
    fileBest: -0.5754,
    fileChunks: 0.0337,
    fileMass: 0.4849,
    distanceToBest: -0.2044,
    besideBest: 0.0477,
    sameDeclaration: -0.2936,
    terms: -0.0419,
    file: -1.8811,
    path: 2.4726,
    definition: 0.6825,
    place: -0.7875,
    stackFrame: 0.6039,
    phrase: 0.448,
    counterpart: -1.3414,
    defines: -0.7199,
    caller: 0,
    block: 0.2522,
    text: -0.2269,
    lines: 0.4207,
    test: -2.4706,
    docs: 0.2297,
    data: 1.2709,
  },
  file: {
    bias: -1.0775,
    score: -0.2381,
    scoreInFile: -0.4544,
    rank: -0.7178,
    fileRank: -0.3056,
    topFile: 0.3548,
    rankInFile: 0.5121,
    fileBest: -0.0353,
    fileChunks: 0.4317,
    fileMass: -0.0268,
    distanceToBest: 0.0038,
    besideBest: 0.0348,
    sameDeclaration: -0.0668,
    terms: -0.3353,
    file: -0.0114,
    path: 0.0671,
    definition: 0.0063,
    place: -0.1582,
    stackFrame: -0.0011,
    phrase: 0.0001,
    counterpart: -0.0074,
    defines: 0.0041,
    caller: 0,
    block: 0.1534,
    text: 0.1864,
    lines: -0.0661,
    test: -0.8271,
    docs: -0.1859,
    data: 0.7896,
  },
  newFile: 0.5,
  cost: 0.5,
  strong: 0.75,
};
