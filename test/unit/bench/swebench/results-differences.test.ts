import { resultsDifferences } from "../../../../bench/swebench/results-differences.js";
import type { InstanceResult } from "../../../../src/eval/result-types.js";

function result(
  instanceId: string,
  chunks: number,
  indexMs: number,
  askcodeLines = 10,
  score: Record<string, number> = {},
): InstanceResult {
  return {
    instanceId,
    repo: "psf/requests",
    language: "python",
    baseCommit: "a".repeat(40),
    filesRead: 3,
    skipped: {},
    baselineDocuments: 2,
    chunks,
    gold: {
      files: ["requests/sessions.py"],
      lines: 12,
      blankLines: 0,
      outOfRange: 0,
      notIndexed: [],
      notBaselineDocuments: [],
      codeFiles: ["requests/sessions.py"],
      codeLines: 12,
    },
    bm25Top20: ["requests/sessions.py"],
    goldInTop20: 1,
    budgets: [
      {
        budget: 13000,
        askcodeMs: indexMs / 10,
        baselineMs: indexMs / 20,
        systems: {
          askcode: {
            score: { lines: askcodeLines, ...score } as never,
            tokensUsed: 12000,
            files: [["requests/sessions.py", 40]],
            mismatches: 0,
          },
          bm25: {
            score: {} as never,
            tokensUsed: 9000,
            files: [],
            mismatches: 0,
          },
          bm25Stop: {
            score: {} as never,
            tokensUsed: 8000,
            files: [],
            mismatches: 0,
          },
        },
      },
    ],
    timings: {
      readMs: indexMs,
      indexMs,
      baselineRankMs: 3,
      totalMs: indexMs * 2,
    },
    memory: { rssMb: indexMs, heapUsedMb: 1, heapPeakMb: 2, heapAfterGcMb: 1 },
  };
}

describe("resultsDifferences", () => {
  it("sets timings and memory aside and names every other field that differs", () => {
    const a = [
      result("one", 80, 120),
      result("two", 50, 300),
      result("three", 9, 1),
    ];
    const b = [
      result("two", 50, 9000),
      result("one", 81, 45, 11),
      result("four", 1, 1),
    ];
    expect(resultsDifferences(a, b)).toEqual({
      compared: 2,
      onlyInA: ["three"],
      onlyInB: ["four"],
      differing: [
        {
          instanceId: "one",
          fields: [
            { path: "budgets.0.systems.askcode.score.lines", a: 10, b: 11 },
            { path: "chunks", a: 80, b: 81 },
          ],
        },
      ],
    });
  });

  it("lists a differing instance's score first: files with a body, lines, then files including the map", () => {
    const before = { filesFound: 2, filesWithBody: 2, linesFound: 9 };
    const after = { filesFound: 1, filesWithBody: 1, linesFound: 4 };
    const { differing } = resultsDifferences(
      [result("one", 80, 1, 10, before)],
      [result("one", 81, 1, 10, after)],
    );
    expect(differing[0]?.fields.map((f) => f.path)).toEqual([
      "budgets.0.systems.askcode.score.filesWithBody",
      "budgets.0.systems.askcode.score.linesFound",
      "budgets.0.systems.askcode.score.filesFound",
      "chunks",
    ]);
  });
});
