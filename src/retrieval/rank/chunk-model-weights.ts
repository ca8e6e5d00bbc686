import type { ChunkModel } from "./chunk-model.js";

/**
 * The chunk model packing uses by default, fitted by
 * `npm run fit:weights -- --data train.jsonl --split bench/train/split.json --part training --per-repo 4 --chunk-model --write`
 * (bench/weights/fit-chunk-model.ts) on
 * 227 questions, 122662 ranked chunks. Loss per question from all-zero weights:
 * line 6.2116 → 5.1236, file 0.6931 → 0.1568.
 * Packing simulated on the same rows (chunks whole, by the budget):
 * gold files shown 71.0% in rank order, 75.3% in the model's;
 * gold lines 55.1% and 58.2%.
 * Generated: change the rows or the fit, not this file.
 */
export const CHUNK_MODEL: ChunkModel = {
  line: {
    bias: 0,
    score: 1.672,
    scoreInFile: -0.1849,
    rank: -0.2475,
    fileRank: -0.2362,
    topFile: -0.1757,
    rankInFile: -0.3432,
    fileBest: -0.5821,
    fileChunks: 0.0557,
    fileMass: 0.5533,
    distanceToBest: -0.2091,
    besideBest: 0.0078,
    sameDeclaration: -0.2837,
    terms: 0.0838,
    file: -1.06,
    path: 3.1327,
    definition: -0.2032,
    place: -0.6143,
    stackFrame: 0.498,
    phrase: 0.5169,
    counterpart: -0.9155,
    defines: -0.5708,
    caller: 0,
    block: 0.2639,
    text: -0.2459,
    lines: 0.4626,
    test: -2.5006,
    docs: 0.1173,
    data: 1.641,
  },
  file: {
    bias: -1.1014,
    score: -0.1826,
    scoreInFile: -0.3421,
    rank: -0.7464,
    fileRank: -0.3453,
    topFile: 0.277,
    rankInFile: 0.5612,
    fileBest: -0.0522,
    fileChunks: 0.3935,
    fileMass: 0.1337,
    distanceToBest: 0.0089,
    besideBest: 0.0117,
    sameDeclaration: 0.016,
    terms: -0.3484,
    file: 0.1453,
    path: 0.0831,
    definition: -0.005,
    place: -0.211,
    stackFrame: -0.0011,
    phrase: 0.0006,
    counterpart: -0.0067,
    defines: 0.004,
    caller: 0,
    block: 0.0677,
    text: 0.1256,
    lines: -0.109,
    test: -0.7354,
    docs: -0.0778,
    data: 0.5954,
  },
  newFile: 0.25,
  cost: 0.5,
  strong: 0.5,
};
