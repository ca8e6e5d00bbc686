import {
  renderBudgetTable,
  renderRepositoryTable,
  renderTimingTable,
} from "../../../../bench/swebench/render-table.js";
import type {
  InstanceResult,
  SystemRun,
} from "../../../../bench/swebench/result-types.js";
import {
  summarize,
  type RecallSummary,
} from "../../../../bench/swebench/summarize.js";

const recall = (
  fileAvg: number,
  lineRecall: number,
  instances = 10,
): RecallSummary => ({
  instances,
  fileAvg,
  fileAll: fileAvg * 0.9,
  fileAny: Math.min(1, fileAvg * 1.1),
  lineRecall,
  lineMean: lineRecall,
  goldLines: 100,
  linesFound: Math.round(lineRecall * 100),
});

describe("the report tables", () => {
  it("puts askcode beside the baseline per budget, with the ratios", () => {
    expect(
      renderBudgetTable([
        {
          budget: 8000,
          askcode: recall(0.5, 0.3),
          bm25: recall(0.25, 0.2),
          bm25Stop: recall(0.2, 0.15),
        },
        {
          budget: 13000,
          askcode: recall(0.7, 0.5),
          bm25: recall(0, 0),
          bm25Stop: recall(0, 0),
        },
      ]),
    ).toMatchInlineSnapshot(`
"| budget | askcode Avg |   All |   Any | lines | BM25 Avg |   All |   Any | lines | Avg ratio | lines ratio | BM25-stop Avg | lines |
|:-------|------------:|------:|------:|------:|---------:|------:|------:|------:|----------:|------------:|--------------:|------:|
| 8k     |       50.0% | 45.0% | 55.0% | 30.0% |    25.0% | 22.5% | 27.5% | 20.0% |     2.00× |       1.50× |         20.0% | 15.0% |
| 13k    |       70.0% | 63.0% | 77.0% | 50.0% |     0.0% |  0.0% |  0.0% |  0.0% |         ∞ |           ∞ |          0.0% |  0.0% |"
`);
  });

  it("lists repositories with both systems' recall", () => {
    expect(
      renderRepositoryTable([
        {
          repo: "psf/requests",
          askcode: recall(0.8, 0.6, 13),
          bm25: recall(0.4, 0.3, 13),
        },
      ]),
    ).toMatchInlineSnapshot(`
"| repository   |  n | askcode Avg | BM25 Avg | Avg ratio | askcode lines | BM25 lines | lines ratio |
|:-------------|---:|------------:|---------:|----------:|--------------:|-----------:|------------:|
| psf/requests | 13 |       80.0% |    40.0% |     2.00× |         60.0% |      30.0% |       2.00× |"
`);
  });

  it("summarizes timings", () => {
    expect(renderTimingTable([{ label: "read", values: [10, 20, 30, 400] }]))
      .toMatchInlineSnapshot(`
"| per instance (ms) | mean | p50 | p95 | max |
|:------------------|-----:|----:|----:|----:|
| read              |  115 |  20 | 400 | 400 |"
`);
  });
});

describe("summarize", () => {
  const run = (
    filesFound: number,
    goldFiles: number,
    linesFound: number,
    goldLines: number,
  ): SystemRun => ({
    score: { filesFound, goldFiles, linesFound, goldLines, found: [] },
    tokensUsed: 0,
    files: [],
    mismatches: 0,
  });
  const result = (
    id: string,
    askcode: SystemRun,
    error?: string,
  ): InstanceResult =>
    ({
      instanceId: id,
      repo: "o/r",
      ...(error ? { error } : {}),
      budgets: [
        {
          budget: 13000,
          systems: { askcode, bm25: askcode, bm25Stop: askcode },
          askcodeMs: 0,
          baselineMs: 0,
        },
      ],
    }) as InstanceResult;

  it("averages files per instance and lines over all lines, and leaves failures out", () => {
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
      fileAll: 1 / 3,
      fileAny: 2 / 3,
      lineRecall: 15 / 50,
      lineMean: (1 + 0 + 0.5) / 3,
      goldLines: 50,
      linesFound: 15,
    });
  });
});
