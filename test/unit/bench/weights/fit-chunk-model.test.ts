import {
  fitChunkModel,
  fitHead,
  lineRows,
  shareLoss,
} from "../../../../bench/weights/fit-chunk-model.js";
import type { QuestionRows } from "../../../../bench/weights/label-chunks.js";
import { CHUNK_SIGNALS } from "../../../../src/retrieval/rank/chunk-signals.js";

const at = (s: (typeof CHUNK_SIGNALS)[number]) => CHUNK_SIGNALS.indexOf(s);

// Questions whose fix is always in the chunk beside the best one, which
// ranks last, never in the best itself: what a ranking by words misses and
// the model can learn.
function questions(): QuestionRows[] {
  return Array.from({ length: 12 }, (_, q) => ({
    id: `q-${String(q).padStart(2, "0")}`,
    repo: "o/r",
    goldLines: 10,
    goldFiles: 1,
    chunks: Array.from({ length: 8 }, (_, i) => {
      const x = new Array<number>(CHUNK_SIGNALS.length).fill(0);
      x[at("bias")] = 1;
      // Only the best is strong (half the best score or more): packing's
      // order for the rest is the model's.
      x[at("score")] = i === 0 ? 1 : 0.45 - i / 100;
      x[at("besideBest")] = i === 7 ? 1 : 0;
      x[at("fileBest")] = i < 7 ? 1 : 0;
      return {
        x,
        gold: i === 7 ? 10 : 0,
        goldFile: (i === 0 || i === 7 ? 1 : 0) as 0 | 1,
        file: i === 7 ? 0 : i,
        tokens: 300,
      };
    }),
  }));
}

describe("fitChunkModel", () => {
  it("gives the same model and the same file, byte for byte, from the same rows in any order", () => {
    const rows = questions();
    const first = fitChunkModel(rows, { steps: 80 });
    const second = fitChunkModel([...rows].reverse(), { steps: 80 });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it("learns that the fix lies beside the best chunk", () => {
    const fit = fitChunkModel(questions(), { steps: 300 });
    expect(fit.heads.line.besideBest).toBeGreaterThan(0);
    expect(fit.loss.line[1]).toBeLessThan(fit.loss.line[0]);
    expect(fit.questions).toBe(12);
    expect(fit.rows).toBe(96);
  });

  it("fits a study's column after the model's signals, as wide as its rows", () => {
    // The fix's chunk is told apart only by the added column.
    const rows = questions().map((q) => ({
      ...q,
      chunks: q.chunks.map((c, i) => ({
        ...c,
        x: [...c.x.map((v, k) => (k === at("bias") ? v : 0)), i === 7 ? 1 : 0],
      })),
    }));
    const { weights, loss } = fitHead(lineRows(rows), shareLoss, 300, 0);
    expect(weights).toHaveLength(CHUNK_SIGNALS.length + 1);
    expect(weights[CHUNK_SIGNALS.length]).toBeGreaterThan(1);
    expect(loss[1]).toBeLessThan(loss[0] / 2);
  });
});

// Questions whose fix changes forty lines of the chunk a definition matched
// and one line of the chunk a caller matched: both hold a changed line, but
// one holds most of the fix.
function lopsided(): QuestionRows[] {
  return Array.from({ length: 10 }, (_, q) => ({
    id: `q-${String(q).padStart(2, "0")}`,
    repo: "o/r",
    goldLines: 41,
    goldFiles: 2,
    chunks: Array.from({ length: 6 }, (_, i) => {
      const x = new Array<number>(CHUNK_SIGNALS.length).fill(0);
      x[at("bias")] = 1;
      x[at("score")] = 1 - i / 10;
      x[at("definition")] = i === 1 ? 1 : 0;
      x[at("caller")] = i === 2 ? 1 : 0;
      return {
        x,
        gold: i === 1 ? 40 : i === 2 ? 1 : 0,
        goldFile: (i === 1 || i === 2 ? 1 : 0) as 0 | 1,
        file: i,
        tokens: 200,
      };
    }),
  }));
}

describe("fitChunkModel's line head", () => {
  it("values a chunk by the share of the fix's lines it holds, not only by whether it holds one", () => {
    const fit = fitChunkModel(lopsided(), { steps: 300 });
    expect(fit.heads.line.definition).toBeGreaterThan(
      fit.heads.line.caller + 1,
    );
    expect(fit.loss.line[1]).toBeLessThan(fit.loss.line[0]);
  });
});
