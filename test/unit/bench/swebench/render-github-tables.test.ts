import { renderGithubTables } from "../../../../bench/swebench/render-github-tables.js";
import type {
  GithubInstanceResult,
  QuestionCost,
} from "../../../../bench/swebench/run-instance-github.js";
import type { ContextScore } from "../../../../src/eval/score-context.js";
import { run, scoredQuestion } from "../../../helpers/scored-questions.js";

describe("renderGithubTables", () => {
  const cost: QuestionCost = {
    sha: "a".repeat(40),
    mode: "repository",
    reused: false,
    files: 10,
    requests: { "GET /repos/{owner}/{repo}/tarball/{ref}": 1 },
    totalRequests: 1,
    bytes: 2_000_000,
    downloadMs: 300,
    contextMs: 1_500,
    searchWaitSeconds: 0,
  };
  const github = (
    instanceId: string,
    score: ContextScore,
  ): GithubInstanceResult => ({
    instanceId,
    repo: "o/r",
    baseCommit: "a".repeat(40),
    snapshotMaxBytes: 50_000_000,
    budgets: [{ budget: 8000, score, tokensUsed: 7900, packMs: 40 }],
    cold: cost,
    heapPeakMb: 200,
  });

  it("puts the GitHub path's recall under the local read's, in the columns every table leads with", () => {
    const local = [
      // Locally both files have a body; on the GitHub path one is only in the map.
      scoredQuestion(
        "o/r@1",
        "rust",
        run(2, 2, 6, 10, 7900, 2),
        run(0, 2, 0, 10, 7000),
      ),
      scoredQuestion(
        "o/r@2",
        "rust",
        run(1, 1, 4, 4, 7800, 1),
        run(1, 1, 4, 4, 6000),
      ),
    ];
    const text = renderGithubTables(
      [
        github("o/r@1", {
          goldFiles: 2,
          filesFound: 2,
          filesWithBody: 1,
          goldLines: 10,
          linesFound: 3,
          found: [],
        }),
        github("o/r@2", {
          goldFiles: 1,
          filesFound: 1,
          filesWithBody: 1,
          goldLines: 4,
          linesFound: 4,
          found: [],
        }),
      ],
      local,
    );
    expect(text.split("\n").slice(2, 6).join("\n")).toMatchInlineSnapshot(`
     "| budget | read   | n | askcode body Avg | lines | micro | +map Avg | body All | +map All | body Any | +map Any |
     |:-------|:-------|--:|-----------------:|------:|------:|---------:|---------:|---------:|---------:|---------:|
     | 8k     | local  | 2 |           100.0% | 80.0% | 71.4% |   100.0% |   100.0% |   100.0% |   100.0% |   100.0% |
     | 8k     | github | 2 |            75.0% | 65.0% | 50.0% |   100.0% |    50.0% |   100.0% |   100.0% |   100.0% |"
    `);
  });
});
