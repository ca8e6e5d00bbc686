import type { EvalReport } from "./eval-report.js";
import { markdownTable, percent } from "./markdown-table.js";
import { RECALL_LEGEND, recallCells, recallHeads } from "./recall-columns.js";
import type { HistorySkip } from "./questions-from-history.js";

/**
 * What `askcode eval` prints: where the questions came from, recall per
 * budget per language and in total, askcode beside BM25, what each column
 * means, what was excluded, and what it cost.
 *
 * @example
 * renderEvalReport(report)
 * // "askcode eval of . at HEAD (1a2b3c4d5e): 30 questions from 58 first-parent commits …\n\n| budget | language | n | askcode body Avg | lines | …"
 */
export function renderEvalReport(report: EvalReport): string {
  const { history, medians, exclude } = report;
  const scored = report.questions - report.failed.length;
  const passedOver = passedOverText(report);
  return [
    `askcode eval of ${report.repository} at ${report.ref} (${report.sha.slice(0, 10)}): ` +
      `${report.questions} questions from ${history.scanned} first-parent commits read` +
      (passedOver ? ` (${passedOver})` : "") +
      (report.failed.length > 0 ? `; ${report.failed.length} failed` : "") +
      ".",
    "",
    markdownTable(
      [
        "budget",
        "language",
        "n",
        ...recallHeads("askcode"),
        "used",
        ...recallHeads("BM25", { map: false }),
      ],
      report.rows.map((row) => [
        k(row.budget),
        row.language,
        String(row.askcode.instances),
        ...recallCells(row.askcode),
        String(Math.round(row.askcodeTokens)),
        ...recallCells(row.bm25, { map: false }),
      ]),
      2,
    ),
    "",
    "Each commit's message is asked at its parent; the files and lines it changed are what the context should show.",
    ...RECALL_LEGEND,
    "used: askcode's tokens, mean. BM25: SWE-bench's retrieval over the same files (BM25 over the language's",
    "non-test files, whole files in rank order, no map).",
    ...codeShareLine(report),
    "",
    ...gateLines(report),
    "",
    exclude.patterns.length === 0
      ? "exclude_paths: none."
      : `exclude_paths: ${exclude.patterns.map((p) => `\`${p}\``).join(", ")}` +
        (exclude.fromConfig > 0
          ? ` (.github/askcode.yml named some at ${exclude.fromConfig} of ${report.questions} commits)`
          : "") +
        `; they hid ${exclude.goldExcluded} of the ${exclude.goldFiles} changed files from both.`,
    `Per question (median of ${scored}): read ${seconds(medians.readMs)}, index ${seconds(medians.indexMs)}, ` +
      `BM25 ${seconds(medians.bm25Ms)}, askcode retrieve and pack ${seconds(medians.retrieveMs)} per budget; ` +
      `${seconds(medians.questionMs)} in all. Run time ${duration(report.wallMs)}.`,
    ...report.failed.map((f) => `Failed: ${f.id}: ${f.error}`),
    "",
  ].join("\n");
}

// The gate's curve, for choosing `unasked.threshold`: each row what the
// gate would have done on these questions at that threshold.
function gateLines(report: EvalReport): string[] {
  const { gate } = report;
  if (gate.questions === 0) return ["Confidence gate: no question was scored."];
  return [
    `Confidence gate for unasked answers: the shown places held a changed file in ${gate.hits} of ${gate.questions} questions with no gate.`,
    markdownTable(
      ["threshold", "answered", "coverage", "precision"],
      gate.curve.map((row) => [
        `${row.threshold.toFixed(2)}${row.threshold === gate.threshold ? " (default)" : ""}`,
        String(row.answered),
        percent(row.coverage),
        row.answered === 0 ? "-" : percent(row.precision),
      ]),
    ),
    "answered: questions scored at or above the threshold (coverage: their share); precision: answered ones whose",
    "shown places hold a file the commit changed.",
  ];
}

// With a model, the code gets a share of each budget: say how much, so the
// rows are read as budgets.context values and not as tokens of code.
function codeShareLine(report: EvalReport): string[] {
  if (report.codeBudgets.every((code, i) => code === report.budgets[i]))
    return [];
  return [
    `As with a model, code was packed into a share of each budget: ${report.codeBudgets
      .map((code, i) => `${k(report.budgets[i] as number)} → ${code}`)
      .join(", ")} tokens.`,
  ];
}

const SKIPPED: Record<HistorySkip, (report: EvalReport) => string> = {
  bot: () => "by a bot",
  "not-source": () => "changing other than existing source files",
  "too-many-files": (r) => `changing more than ${r.history.maxFiles} files`,
  "short-message": (r) => `with a message under ${r.history.minWords} words`,
  "no-gold": () => "with no line to find",
};

// "3 by a bot, 35 changing other than existing source files": the reasons that counted.
function passedOverText(report: EvalReport): string {
  return (Object.keys(SKIPPED) as HistorySkip[])
    .filter((reason) => report.history.skipped[reason] > 0)
    .map(
      (reason) =>
        `${report.history.skipped[reason]} ${SKIPPED[reason](report)}`,
    )
    .join(", ");
}

function k(budget: number): string {
  return `${budget / 1000}k`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function duration(ms: number): string {
  return ms < 120_000 ? seconds(ms) : `${(ms / 60_000).toFixed(1)} min`;
}
