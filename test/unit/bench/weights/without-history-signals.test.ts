import { withoutHistorySignals } from "../../../../bench/weights/without-history-signals.js";
import type { QuestionRows } from "../../../../bench/weights/label-chunks.js";
import {
  CHUNK_SIGNALS,
  HISTORY_SIGNALS,
} from "../../../../src/retrieval/rank/chunk-signals.js";

describe("withoutHistorySignals", () => {
  it("sets a saved row's history signals to 0 and keeps every other column", () => {
    const width = CHUNK_SIGNALS.length;
    const row = (seed: number) => ({
      x: Array.from({ length: width }, (_, i) => seed + i / 10),
      gold: 1,
      goldFile: 1 as const,
      file: 0,
      tokens: 100,
    });
    const question: QuestionRows = {
      id: "a__b-1",
      repo: "a/b",
      goldLines: 1,
      goldFiles: 1,
      chunks: [row(1), row(2)],
    };
    const before = question.chunks.map((c) => [...c.x]);
    withoutHistorySignals(question);
    const history = new Set(
      HISTORY_SIGNALS.map((s) => CHUNK_SIGNALS.indexOf(s)),
    );
    expect(history.size).toBe(HISTORY_SIGNALS.length);
    for (const [n, chunk] of question.chunks.entries())
      for (let i = 0; i < width; i++)
        expect(chunk.x[i]).toBe(history.has(i) ? 0 : before[n]?.[i]);
  });
});
