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

// Files shown only by the map's signature line count in Avg, not in the body
// share; the mean per instance differs from the micro-average.
const recall = (
  fileAvg: number,
  lineRecall: number,
  instances = 10,
): RecallSummary => ({
  instances,
  fileAvg,
  fileAvgBody: fileAvg * 0.8,
  fileAll: fileAvg * 0.9,
  fileAny: Math.min(1, fileAvg * 1.1),
  lineRecall,
  lineMean: lineRecall * 1.2,
  goldLines: 100,
  linesFound: Math.round(lineRecall * 100),
});

describe("the report tables", () => {
  it("puts askcode beside the baseline per budget, with the ratios and the share of files with a body", () => {
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
"| budget | askcode Avg |  body |   All |   Any | lines |  mean | BM25 Avg |   All |   Any | lines | Avg ratio | lines ratio | BM25-stop Avg | lines |
|:-------|------------:|------:|------:|------:|------:|------:|---------:|------:|------:|------:|----------:|------------:|--------------:|------:|
| 8k     |       50.0% | 40.0% | 45.0% | 55.0% | 30.0% | 36.0% |    25.0% | 22.5% | 27.5% | 20.0% |     2.00× |       1.50× |         20.0% | 15.0% |
| 13k    |       70.0% | 56.0% | 63.0% | 77.0% | 50.0% | 60.0% |     0.0% |  0.0% |  0.0% |  0.0% |         ∞ |           ∞ |          0.0% |  0.0% |"
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

  it("groups by language at every budget, with files with a body, index time and heap", () => {
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

    const table = renderGroupTable(
      report.groups.all.language,
      "language",
      "askcode",
    ).split("\n");
    expect(table[0]).toMatch(
      /^\| language \| n \| 8k Avg \| +body \| +All \| lines \| 13k Avg \| +body \| +All \| lines \| index p50 ms \| heap max MB \|$/,
    );
    // The file found only by the map counts in Avg, not in body.
    expect(table[2]).toMatch(
      /^\| cpp +\| 3 \| +50\.0% \| +16\.7% \| +33\.3% \| +13\.3% \| +50\.0% \| +16\.7% \| +33\.3% \| +13\.3% \| +10 \| +100 \|$/,
    );
  });
});
