import { buildEvalReport } from "../../../src/eval/eval-report.js";
import { DEFAULT_CONFIDENCE_THRESHOLD } from "../../../src/retrieval/confidence/answer-confidence.js";
import { HISTORY, QUESTIONS } from "../../helpers/scored-questions.js";

describe("buildEvalReport", () => {
  const report = buildEvalReport({
    repository: "/src/r",
    ref: "HEAD",
    sha: "b".repeat(40),
    budgets: [8000],
    codeBudgets: [8000],
    history: HISTORY,
    results: QUESTIONS,
    excluded: [
      { patterns: [], fromConfig: false },
      { patterns: ["vendor/", "*.snap"], fromConfig: true },
      { patterns: ["*.snap"], fromConfig: false },
      { patterns: [], fromConfig: false },
    ],
    wallMs: 7000,
  });

  it("has a row per language, most questions first, then the total, failures left out of the figures", () => {
    expect(
      report.rows.map((row) => [
        row.language,
        row.askcode.instances,
        row.askcode.fileAvg,
        row.bm25.lineMean,
        row.askcodeTokens,
      ]),
    ).toEqual([
      ["rust", 2, (0.5 + 1) / 2, (0 + 0.2) / 2, (7900 + 8000) / 2],
      ["c", 1, 1, 1, 7800],
      [
        "total",
        3,
        (0.5 + 1 + 1) / 3,
        (0 + 1 + 0.2) / 3,
        (7900 + 7800 + 8000) / 3,
      ],
    ]);
    expect(report.questions).toBe(4);
    expect(report.failed).toEqual([
      { id: "o/r@4", error: "RefNotFoundError: no commit" },
    ]);
  });

  it("says what the exclude rules hid and what a question cost", () => {
    expect(report.exclude).toEqual({
      patterns: ["vendor/", "*.snap"],
      fromConfig: 1,
      goldFiles: 5,
      goldExcluded: 1,
    });
    expect(report.medians).toEqual({
      readMs: 500,
      indexMs: 1000,
      bm25Ms: 400,
      retrieveMs: 200,
      questionMs: 2000,
    });
  });

  it("gives the gate's coverage and precision per threshold, failed questions left out", () => {
    const at = (threshold: number) =>
      report.gate.curve.find((row) => row.threshold === threshold);
    expect(report.gate).toMatchObject({ questions: 3, hits: 2 });
    expect(at(0.3)).toEqual({
      threshold: 0.3,
      answered: 3,
      coverage: 1,
      precision: 2 / 3,
    });
    expect(at(0.4)).toEqual({
      threshold: 0.4,
      answered: 2,
      coverage: 2 / 3,
      precision: 1 / 2,
    });
    expect(at(0.95)).toEqual({
      threshold: 0.95,
      answered: 1,
      coverage: 1 / 3,
      precision: 1,
    });
    expect(at(DEFAULT_CONFIDENCE_THRESHOLD)).toBeDefined();
  });
});
