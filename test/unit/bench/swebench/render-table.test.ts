import { buildReport } from "../../../../bench/swebench/build-report.js";
import {
  renderBudgetTable,
  renderGroupTable,
  renderRepositoryTable,
  renderTimingTable,
} from "../../../../bench/swebench/render-table.js";
import type {
  InstanceResult,
  SystemRun,
} from "../../../../src/eval/result-types.js";
import {
  summarize,
  type RecallSummary,
} from "../../../../src/eval/summarize.js";

// Files shown only by the map's signature line count in +map, not in body;
// the mean per instance differs from the micro-average: every column differs
// from the others, so a column out of place shows.
const recall = (
  fileAvg: number,
  lineRecall: number,
  instances = 10,
): RecallSummary => ({
  instances,
  fileAvg,
  fileAvgBody: fileAvg * 0.8,
  fileAll: fileAvg * 0.9,
  fileAllBody: fileAvg * 0.7,
  fileAny: Math.min(1, fileAvg * 1.1),
  fileAnyBody: fileAvg * 1.05,
  lineRecall,
  lineMean: lineRecall * 1.2,
  goldLines: 100,
  linesFound: Math.round(lineRecall * 100),
});

describe("the report tables", () => {
  it("leads each budget with files with a body and lines, then the map, All and Any split the same way, beside the baseline", () => {
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
     "| budget | askcode body Avg | lines | micro | +map Avg | body All | +map All | body Any | +map Any | BM25 Avg | lines | micro |   All |   Any | body ratio | lines ratio | BM25-stop Avg | lines |
     |:-------|-----------------:|------:|------:|---------:|---------:|---------:|---------:|---------:|---------:|------:|------:|------:|------:|-----------:|------------:|--------------:|------:|
     | 8k     |            40.0% | 36.0% | 30.0% |    50.0% |    35.0% |    45.0% |    52.5% |    55.0% |    20.0% | 24.0% | 20.0% | 17.5% | 26.3% |      2.00× |       1.50× |         16.0% | 18.0% |
     | 13k    |            56.0% | 60.0% | 50.0% |    70.0% |    49.0% |    63.0% |    73.5% |    77.0% |     0.0% |  0.0% |  0.0% |  0.0% |  0.0% |          ∞ |           ∞ |          0.0% |  0.0% |"
    `);
  });

  it("gives each repository the same columns, files with a body first, and the baseline's", () => {
    expect(
      renderRepositoryTable([
        {
          repo: "psf/requests",
          askcode: recall(0.8, 0.6, 13),
          bm25: recall(0.4, 0.3, 13),
        },
      ]),
    ).toMatchInlineSnapshot(`
     "| repository   |  n | askcode body Avg | lines | micro | +map Avg | body All | +map All | body Any | +map Any | BM25 Avg | lines | body ratio | lines ratio |
     |:-------------|---:|-----------------:|------:|------:|---------:|---------:|---------:|---------:|---------:|---------:|------:|-----------:|------------:|
     | psf/requests | 13 |            64.0% | 72.0% | 60.0% |    80.0% |    56.0% |    72.0% |    84.0% |    88.0% |    32.0% | 36.0% |      2.00× |       2.00× |"
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

describe("the code-only view and the per-language tables", () => {
  const score = (
    filesFound: number,
    goldFiles: number,
    linesFound: number,
    goldLines: number,
    filesWithBody = filesFound,
  ) => ({
    filesFound,
    goldFiles,
    filesWithBody,
    linesFound,
    goldLines,
    found: [],
  });
  const result = (
    id: string,
    language: string,
    all: ReturnType<typeof score>,
    code?: ReturnType<typeof score>,
  ): InstanceResult => {
    const run: SystemRun = {
      score: all,
      ...(code ? { codeScore: code } : {}),
      tokensUsed: 0,
      files: [],
      mismatches: 0,
    };
    return {
      instanceId: id,
      repo: `o/${language}`,
      language,
      baseCommit: "a".repeat(40),
      filesRead: 3,
      skipped: {},
      baselineDocuments: 3,
      chunks: 9,
      gold: {
        files: [],
        lines: all.goldLines,
        blankLines: 0,
        outOfRange: 0,
        notIndexed: [],
        notBaselineDocuments: [],
        codeFiles: [],
        codeLines: code?.goldLines ?? 0,
      },
      bm25Top20: [],
      goldInTop20: 0,
      timings: {
        readMs: 0,
        indexMs: language === "rust" ? 30 : 10,
        baselineRankMs: 0,
        totalMs: 0,
      },
      memory: { rssMb: 0, heapUsedMb: 0, heapPeakMb: 100, heapAfterGcMb: 0 },
      budgets: [8000, 13000].map((budget) => ({
        budget,
        systems: { askcode: run, bm25: run, bm25Stop: run },
        askcodeMs: 0,
        baselineMs: 0,
      })),
    };
  };
  const results = [
    // A fix to a header and its ChangeLog: the code-only view counts the header alone.
    result("a", "cpp", score(1, 2, 4, 10), score(1, 1, 4, 4)),
    // Its one gold file found only by the map's signature line: found, no body.
    result("d", "cpp", score(1, 1, 0, 5, 0), score(1, 1, 0, 5, 0)),
    // Only docs changed: no code gold, so the code-only view leaves it out.
    result("b", "cpp", score(0, 1, 0, 6)),
    result("c", "rust", score(1, 1, 3, 6), score(1, 1, 3, 6)),
  ];

  it("summarizes the code-only gold and leaves out instances with none", () => {
    expect(summarize(results, "askcode", 13000, "code")).toMatchObject({
      instances: 3,
      fileAvg: 1,
      fileAvgBody: (1 + 0 + 1) / 3,
      fileAll: 1,
      lineMean: (1 + 0 + 0.5) / 3,
    });
    expect(summarize(results, "askcode", 13000)).toMatchObject({
      instances: 4,
      fileAvg: (0.5 + 1 + 0 + 1) / 4,
      fileAvgBody: (0.5 + 0 + 0 + 1) / 4,
      fileAll: 2 / 4,
    });
  });

  it("groups by language, one row per budget in the budget table's columns, with index time and heap once", () => {
    const report = buildReport(results, [8000, 13000], 0, {
      heapUsedMb: 0,
      maxRssMb: 0,
    });
    const [cpp, rust] = report.groups.all.language;
    expect(cpp?.name).toBe("cpp");
    expect(cpp?.byBudget.map((b) => b.budget)).toEqual([8000, 13000]);
    expect(cpp?.byBudget[1]?.askcode).toMatchObject({
      instances: 3,
      fileAvg: (0.5 + 1 + 0) / 3,
      fileAvgBody: 0.5 / 3,
      lineMean: 0.4 / 3,
    });
    expect(report.groups.code.language[0]?.byBudget[1]?.askcode).toMatchObject({
      instances: 2,
      fileAvg: 1,
      lineMean: 0.5,
    });
    expect(rust).toMatchObject({
      name: "rust",
      indexMsP50: 30,
      heapPeakMbMax: 100,
    });
    expect(report.groups.all.repository.map((r) => r.name)).toEqual([
      "o/cpp",
      "o/rust",
    ]);
    expect(report.codeSummary[0]?.askcode.instances).toBe(3);

    // One row per language and budget, in the budget table's columns; the
    // file found only by the map counts in +map, not in body.
    expect(renderGroupTable(report.groups.all.language, "language", "askcode"))
      .toMatchInlineSnapshot(`
     "| language | n | budget | body Avg | lines | micro | +map Avg | body All | +map All | body Any | +map Any | index p50 ms | heap max MB |
     |:---------|--:|-------:|---------:|------:|------:|---------:|---------:|---------:|---------:|---------:|-------------:|------------:|
     | cpp      | 3 |     8k |    16.7% | 13.3% | 19.0% |    50.0% |     0.0% |    33.3% |    33.3% |    66.7% |           10 |         100 |
     | cpp      | 3 |    13k |    16.7% | 13.3% | 19.0% |    50.0% |     0.0% |    33.3% |    33.3% |    66.7% |              |             |
     | rust     | 1 |     8k |   100.0% | 50.0% | 50.0% |   100.0% |   100.0% |   100.0% |   100.0% |   100.0% |           30 |         100 |
     | rust     | 1 |    13k |   100.0% | 50.0% | 50.0% |   100.0% |   100.0% |   100.0% |   100.0% |   100.0% |              |             |"
    `);
    // BM25 has no map: each file figure once.
    expect(
      renderGroupTable(report.groups.all.language, "language", "bm25").split(
        "\n",
      )[0],
    ).toMatchInlineSnapshot(
      `"| language | n | budget |    Avg | lines | micro |    All |    Any | index p50 ms | heap max MB |"`,
    );
  });
});
