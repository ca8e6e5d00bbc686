import { buildEvalReport } from "../../../src/eval/eval-report.js";
import { renderEvalReport } from "../../../src/eval/render-eval-report.js";
import { HISTORY, QUESTIONS } from "../../helpers/scored-questions.js";
import { ASKCODE_RECALL_HEADS } from "../../helpers/recall-heads.js";

describe("renderEvalReport", () => {
  const report = (patterns: string[], budgets = [8000]) =>
    buildEvalReport({
      repository: "/src/r",
      ref: "main",
      sha: "b".repeat(40),
      budgets,
      codeBudgets: [8000],
      history: HISTORY,
      results: QUESTIONS,
      excluded: QUESTIONS.map((_, i) => ({
        patterns: i === 1 ? patterns : [],
        fromConfig: i === 1 && patterns.length > 0,
      })),
      wallMs: 150_000,
    });

  it("prints where the questions came from, the table, what it means, what was excluded and the cost", () => {
    expect(renderEvalReport(report(["vendor/"]))).toMatchInlineSnapshot(`
     "askcode eval of /src/r at main (bbbbbbbbbb): 4 questions from 12 first-parent commits read (1 by a bot, 6 changing other than existing source files, 1 changing more than 3 files); 1 failed.

     | budget | language | n | askcode body Avg |  lines |  micro | +map Avg | body All | +map All | body Any | +map Any | used | BM25 Avg |  lines |  micro |    All |    Any |
     |:-------|:---------|--:|-----------------:|-------:|-------:|---------:|---------:|---------:|---------:|---------:|-----:|---------:|-------:|-------:|-------:|-------:|
     | 8k     | rust     | 2 |            50.0% |  80.0% |  73.3% |    75.0% |     0.0% |    50.0% |   100.0% |   100.0% | 7950 |    25.0% |  10.0% |   6.7% |   0.0% |  50.0% |
     | 8k     | c        | 1 |           100.0% | 100.0% | 100.0% |   100.0% |   100.0% |   100.0% |   100.0% |   100.0% | 7800 |   100.0% | 100.0% | 100.0% | 100.0% | 100.0% |
     | 8k     | total    | 3 |            66.7% |  86.7% |  78.9% |    83.3% |    33.3% |    66.7% |   100.0% |   100.0% | 7900 |    50.0% |  40.0% |  26.3% |  33.3% |  66.7% |

     Each commit's message is asked at its parent; the files and lines it changed are what the context should show.
     body: gold files shown with a body (Avg: their share, per instance; All: instances with every one; Any: with one);
     lines: gold lines shown verbatim in a body, mean per instance (micro: all lines pooled); +map: counting also the
     files named only by a signature line in the map, which shows where a fix goes but none of its code.
     used: askcode's tokens, mean. BM25: SWE-bench's retrieval over the same files (BM25 over the language's
     non-test files, whole files in rank order, no map).

     Confidence gate for unasked answers: the shown places held a changed file in 2 of 3 questions with no gate.
     | threshold      | answered | coverage | precision |
     |:---------------|---------:|---------:|----------:|
     | 0.00           |        3 |   100.0% |     66.7% |
     | 0.10           |        3 |   100.0% |     66.7% |
     | 0.20           |        3 |   100.0% |     66.7% |
     | 0.30           |        3 |   100.0% |     66.7% |
     | 0.40           |        2 |    66.7% |     50.0% |
     | 0.50           |        2 |    66.7% |     50.0% |
     | 0.60           |        2 |    66.7% |     50.0% |
     | 0.68 (default) |        1 |    33.3% |    100.0% |
     | 0.70           |        1 |    33.3% |    100.0% |
     | 0.80           |        1 |    33.3% |    100.0% |
     | 0.90           |        1 |    33.3% |    100.0% |
     | 0.95           |        1 |    33.3% |    100.0% |
     answered: questions scored at or above the threshold (coverage: their share); precision: answered ones whose
     shown places hold a file the commit changed.

     exclude_paths: \`vendor/\` (.github/askcode.yml named some at 1 of 4 commits); they hid 1 of the 5 changed files from both.
     Per question (median of 3): read 0.5 s, index 1.0 s, BM25 0.4 s, askcode retrieve and pack 0.2 s per budget; 2.0 s in all. Run time 2.5 min.
     Failed: o/r@4: RefNotFoundError: no commit
     "
    `);
  });

  it("leads with files shown with a body and lines, then the map's count, All and Any split the same way", () => {
    const [head, , rust] = renderEvalReport(report([])).split("\n").slice(2);
    expect(head?.split("|").map((cell) => cell.trim())).toEqual([
      "",
      "budget",
      "language",
      "n",
      ...ASKCODE_RECALL_HEADS,
      "used",
      "BM25 Avg",
      "lines",
      "micro",
      "All",
      "Any",
      "",
    ]);
    // o/r@3 shows one of its two files only by a signature line in the map.
    expect(rust).toMatch(
      /^\| 8k +\| rust +\| 2 \| +50\.0% \| +80\.0% \| +73\.3% \| +75\.0% \| +0\.0% \| +50\.0% \|/,
    );
  });

  it("says how much of each budget was code when a model's share was packed", () => {
    const text = renderEvalReport(report([], [13334]));
    expect(text).toContain("\n| 13.334k | rust     | 2 |");
    expect(text).toContain(
      "\nAs with a model, code was packed into a share of each budget: 13.334k → 8000 tokens.\n",
    );
  });

  it("says when nothing was excluded", () => {
    expect(renderEvalReport(report([]))).toContain("\nexclude_paths: none.\n");
  });
});
