import type { QuestionRows } from "../../bench/weights/label-chunks.js";
import { CHUNK_SIGNALS } from "../../src/retrieval/rank/chunk-signals.js";

const at = (s: (typeof CHUNK_SIGNALS)[number]) => CHUNK_SIGNALS.indexOf(s);

// Each question's chunks by [topFile, fileBest, holds the fix]: the fix lies
// in a chunk of the top file that is not its best chunk, or in the best
// chunk of another file. Either signal alone says little, both together say
// "not this one": no sum of two weights puts both gold kinds first, two
// levels of splits do.
const KINDS: [number, number, boolean][] = [
  [0, 0, false],
  [0, 0, false],
  [0, 0, false],
  [0, 0, false],
  [1, 0, true],
  [0, 1, true],
  [1, 1, false],
  [1, 1, false],
];

/**
 * Labelled questions a linear chunk model cannot fit and trees can, `count`
 * of them spread over `repos` repositories (`o/r0`, `o/r1`, …).
 */
export function interactionQuestions(count = 12, repos = 1): QuestionRows[] {
  return Array.from({ length: count }, (_, q) => ({
    id: `q-${String(q).padStart(2, "0")}`,
    repo: `o/r${q % repos}`,
    goldLines: 10,
    goldFiles: 2,
    chunks: KINDS.map(([topFile, fileBest, gold], i) => {
      const x = new Array<number>(CHUNK_SIGNALS.length).fill(0);
      x[at("bias")] = 1;
      x[at("topFile")] = topFile;
      x[at("fileBest")] = fileBest;
      return {
        x,
        gold: gold ? 5 : 0,
        goldFile: (gold ? 1 : 0) as 0 | 1,
        file: i,
        tokens: 100,
      };
    }),
  }));
}
