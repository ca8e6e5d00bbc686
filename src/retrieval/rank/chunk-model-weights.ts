import type { ChunkModel } from "./chunk-model.js";

/**
 * The chunk model packing uses by default, fitted by
 * `npm run fit:weights -- --data train.jsonl --split bench/train/split.json --part training --per-repo 2 --chunk-model --write`
 * (bench/weights/fit-chunk-model.ts) on
 * 122 questions, 66396 ranked chunks. Log-loss from all-zero weights:
 * line 0.6931 → 0.0931, file 0.6931 → 0.2924.
 * Packing simulated on the same rows (chunks whole, by the budget):
 * gold files shown 71.8% in rank order, 79.9% in the model's;
 * gold lines 56.1% and 57.4%.
 * Generated: change the rows or the fit, not this file.
 */
export const CHUNK_MODEL: ChunkModel = {
  line: {
    bias: -0.3885,
    score: -0.0056,
    scoreInFile: -0.3101,
    rank: -0.3838,
    fileRank: -0.4175,
    topFile: -0.0556,
    rankInFile: -0.1167,
    fileBest: -0.3702,
    fileChunks: -0.1435,
    fileMass: 0.1865,
    distanceToBest: -0.18,
    besideBest: 0.0004,
    sameDeclaration: -0.2118,
    terms: -0.0767,
    file: -0.0905,
    path: 0.0233,
    definition: 0.0208,
    place: -0.0152,
    stackFrame: -0.0001,
    phrase: -0.0011,
    counterpart: 0.0081,
    defines: -0.0158,
    caller: 0,
    block: -0.0822,
    text: 0.1403,
    lines: 0.1446,
    test: -0.496,
    docs: -0.0214,
    data: 0.7067,
  },
  file: {
    bias: -0.8905,
    score: -0.3112,
    scoreInFile: -0.7618,
    rank: -0.6173,
    fileRank: 0.1265,
    topFile: 0.303,
    rankInFile: 0.3456,
    fileBest: -0.0813,
    fileChunks: 0.2647,
    fileMass: 0.6788,
    distanceToBest: -0.0143,
    besideBest: 0.0747,
    sameDeclaration: -0.3459,
    terms: -0.3644,
    file: -0.1959,
    path: 0.1094,
    definition: 0.0232,
    place: -0.266,
    stackFrame: -0.0045,
    phrase: -0.0017,
    counterpart: 0.0192,
    defines: 0.0242,
    caller: 0,
    block: -0.0401,
    text: -0.0998,
    lines: -0.0189,
    test: -1.3967,
    docs: 0.1586,
    data: 0.7407,
  },
  newFile: 1,
  cost: 0.5,
};
