import { shownRelationFactor } from "../../../../src/retrieval/pack/shown-relation-factor.js";
import {
  CHUNK_SIGNALS,
  type ChunkSignal,
} from "../../../../src/retrieval/rank/chunk-signals.js";
import type { RankedChunk } from "../../../../src/retrieval/rank/rank-chunks.js";

const line = Object.fromEntries(
  CHUNK_SIGNALS.map((s) => [s, s === "besideLead" ? 0.5 : 0]),
) as Record<ChunkSignal, number>;
const ranked = (ids: number[]) =>
  ids.map(
    (id) =>
      ({
        chunk: { id, fileId: 0, text: "x = 1", context: "", defines: [] },
      }) as unknown as RankedChunk,
  );

describe("shownRelationFactor", () => {
  // Ranked: chunks 10, 20, 30, 40, 11, 41 of one file; as ranked, chunk 11
  // is beside lead 10, chunk 41 beside none (the leads are the first three).
  const chunks = ranked([10, 20, 30, 40, 11, 41]);

  it("moves a chunk's expected lines by its relations to the chunks taken against those to its file's leads", () => {
    const relate = shownRelationFactor(chunks, { line, shownRelations: 1 });
    // 11 beside its lead 10: beside 10 taken, no change; beside nothing taken, less.
    expect(relate(4, [0])).toBeCloseTo(1, 9);
    expect(relate(4, [3])).toBeCloseTo(Math.exp(-0.5), 9);
    // 41 beside no lead, beside 40 once it is taken.
    expect(relate(5, [3])).toBeCloseTo(Math.exp(0.5), 9);
    // Its own taking, and nothing taken, change nothing.
    expect(relate(5, [5])).toBe(1);
  });

  it("scales the difference by shownRelations", () => {
    const relate = shownRelationFactor(chunks, { line, shownRelations: 2 });
    expect(relate(5, [3])).toBeCloseTo(Math.exp(1), 9);
  });
});
