import type {
  InstanceResult,
  SystemRun,
} from "../../../src/eval/result-types.js";
import { summarize } from "../../../src/eval/summarize.js";
import { run as scoredRun } from "../../helpers/scored-questions.js";

describe("summarize", () => {
  // The helper's run with no tokens used.
  const run = (
    filesFound: number,
    goldFiles: number,
    linesFound: number,
    goldLines: number,
    filesWithBody?: number,
  ): SystemRun =>
    scoredRun(filesFound, goldFiles, linesFound, goldLines, 0, filesWithBody);
  const result = (
    id: string,
    askcode: SystemRun,
    error?: string,
    setAside?: Record<string, string>,
  ): InstanceResult =>
    ({
      instanceId: id,
      repo: "o/r",
      ...(error ? { error } : {}),
      gold: { ...(setAside ? { setAside } : {}) },
      budgets: [
        {
          budget: 13000,
          systems: { askcode, bm25: askcode, bm25Stop: askcode },
          askcodeMs: 0,
          baselineMs: 0,
        },
      ],
    }) as InstanceResult;

  it("averages files per instance and lines over all lines, leaves failures out, and reads a result written before the map as all bodies", () => {
    const summary = summarize(
      [
        result("a", run(1, 2, 10, 10)),
        result("b", run(0, 1, 0, 30)),
        result("c", run(1, 1, 5, 10)),
        result("d", run(0, 1, 0, 0), "GitError: no such commit"),
      ],
      "askcode",
      13000,
    );
    expect(summary).toEqual({
      instances: 3,
      fileAvg: (0.5 + 0 + 1) / 3,
      fileAvgBody: (0.5 + 0 + 1) / 3,
      fileAll: 1 / 3,
      fileAllBody: 1 / 3,
      fileAny: 2 / 3,
      fileAnyBody: 2 / 3,
      lineRecall: 15 / 50,
      lineMean: (1 + 0 + 0.5) / 3,
      goldLines: 50,
      linesFound: 15,
    });
  });

  it("splits All and Any as Avg is split: with a body, and including the map", () => {
    const summary = summarize(
      [
        // Both gold files found, one only by its signature line in the map.
        result("a", run(2, 2, 3, 10, 1)),
        // Its one gold file found only in the map: found, but no body shown.
        result("b", run(1, 1, 0, 5, 0)),
        // Every gold file with a body.
        result("c", run(1, 1, 4, 4, 1)),
      ],
      "askcode",
      13000,
    );
    expect(summary).toMatchObject({
      fileAvg: 1,
      fileAvgBody: (0.5 + 0 + 1) / 3,
      fileAll: 1,
      fileAllBody: 1 / 3,
      fileAny: 1,
      fileAnyBody: 2 / 3,
    });
  });

  it("scores the gold people wrote where some is set aside, all the gold where none is, and leaves out an instance whose gold a build wrote entirely", () => {
    const summary = summarize(
      [
        // Half the gold found; the other half was generated and is not counted.
        result(
          "a",
          { ...run(1, 2, 0, 0), writtenScore: run(1, 1, 0, 0).score },
          undefined,
          {
            "gen/a.rs": "generated: in a generated/ folder",
          },
        ),
        // Nothing set aside: the written view is the plain score.
        result("b", run(0, 1, 0, 0)),
        // Every gold file generated: no written gold, no instance.
        result("c", run(0, 1, 0, 0), undefined, {
          "gen/b.rs": "generated: in a generated/ folder",
        }),
      ],
      "askcode",
      13000,
      "written",
    );
    expect(summary).toMatchObject({ instances: 2, fileAvg: 0.5 });
  });
});
