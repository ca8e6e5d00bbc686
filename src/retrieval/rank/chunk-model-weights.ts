import type { ChunkModel } from "./chunk-model.js";

/**
 * The chunk model packing uses by default, fitted by
 * `npm run fit:weights -- --data train.jsonl --split bench/train/split.json --part training --per-repo 8 --chunk-model --write`
 * (bench/weights/fit-chunk-model.ts) on
 * 422 questions, 226749 ranked chunks. Loss per question from all-zero weights:
 * line 6.2079 → 5.1209, file 0.6931 → 0.1483.
 * Packing simulated on the same rows (chunks whole, by the budget):
 * gold files shown 69.9% in rank order, 73.6% in the model's;
 * gold lines 54.6% and 57.4%.
 * Generated: change the rows or the fit, not this file.
 */
export const CHUNK_MODEL: ChunkModel = {
  line: {
    bias: 0,
    score: 1.8897,
    scoreInFile: 0.0307,
    rank: -0.3198,
    fileRank: -0.2481,
    topFile: -0.1361,
    rankInFile: -0.2039,
    fileBest: -0.3837,
    fileChunks: -0.0374,
    fileMass: 0.4082,
    distanceToBest: -0.1951,
    besideBest: 0.0286,
    sameDeclaration: -0.0438,
    terms: -0.7853,
    file: -0.6301,
    path: 2.8072,
    definition: 0.1483,
    place: -0.2825,
    stackFrame: 0.5445,
    phrase: 0.4622,
    counterpart: -1.0531,
    defines: -0.5627,
    caller: 0,
    block: 0.1592,
    text: -0.6488,
    lines: 0.4455,
    test: -2.4584,
    docs: 0.1881,
    data: 1.6027,
  },
  file: {
    bias: -0.9883,
    score: -0.1992,
    scoreInFile: -0.3799,
    rank: -0.6972,
    fileRank: -0.3591,
    topFile: 0.4061,
    rankInFile: 0.5142,
    fileBest: -0.0556,
    fileChunks: 0.3476,
    fileMass: 0.2239,
    distanceToBest: -0.0082,
    besideBest: -0.0247,
    sameDeclaration: 0.0295,
    terms: -0.3277,
    file: 0.1522,
    path: 0.0769,
    definition: -0.0065,
    place: -0.224,
    stackFrame: -0.0012,
    phrase: 0.0006,
    counterpart: -0.0068,
    defines: -0.0008,
    caller: 0,
    block: 0.0458,
    text: 0.0229,
    lines: -0.1741,
    test: -0.6609,
    docs: -0.0142,
    data: 0.4799,
  },
  newFile: 0.25,
  cost: 0.5,
  strong: 0.5,
};
