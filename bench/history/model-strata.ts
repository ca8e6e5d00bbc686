// Does history tell apart chunks the chunk model already values alike? The
// unshown chunks of the files ranked 1-8 (below each file's first three), in
// quartiles of the shipped model's expected share of the fix's lines, each
// split at the median of a history column (bench/history/history-fit.ts).
import { chunkOdds } from "../../src/retrieval/rank/chunk-model.js";
import { CHUNK_MODEL } from "../../src/retrieval/rank/chunk-model-weights.js";
import { CHUNK_SIGNALS } from "../../src/retrieval/rank/chunk-signals.js";
import type { QuestionRows } from "../weights/label-chunks.js";
import { BLAMED_FILES, HISTORY_COLUMNS, LEADS } from "./history-columns.js";
import { density, type DensityRow } from "./render-history-density.js";

interface StrataRow extends DensityRow {
  share: number;
  history: number[];
}

/** The chunks studied, with the model's expected share of the fix's lines. */
function strataRows(questions: readonly QuestionRows[]): StrataRow[] {
  const d = CHUNK_SIGNALS.length;
  const fileRank = CHUNK_SIGNALS.indexOf("fileRank");
  const rankInFile = CHUNK_SIGNALS.indexOf("rankInFile");
  const rows: StrataRow[] = [];
  for (const [q, question] of questions.entries()) {
    const odds = chunkOdds(
      question.chunks.map((c) => c.x.slice(0, d)),
      CHUNK_MODEL,
    );
    for (const [i, c] of question.chunks.entries()) {
      // The signals hold ln(1 + rank): files 0-7, chunks from the fourth on.
      const file = Math.round(Math.expm1(c.x[fileRank] ?? 0));
      const within = Math.round(Math.expm1(c.x[rankInFile] ?? 0));
      if (file >= BLAMED_FILES || within < LEADS) continue;
      rows.push({
        q,
        gold: c.gold,
        tokens: c.tokens,
        share: odds[i]?.line ?? 0,
        history: c.x.slice(d),
      });
    }
  }
  return rows;
}

const upper = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(share * values.length)] ?? 0;

/**
 * The table: per quartile of the model's share (highest first), each
 * history column's upper and lower half (cut at its median over all rows).
 *
 * @example
 * process.stdout.write(modelStrata(questions, ["lineRecency"]));
 */
export function modelStrata(
  questions: readonly QuestionRows[],
  columns: readonly (typeof HISTORY_COLUMNS)[number][],
): string {
  // Points are means over the questions with a changed line indexed.
  const counted = questions.filter((q) => q.goldLines > 0);
  const rows = strataRows(counted);
  const shares = rows.map((r) => r.share);
  const cuts = [1, 0.75, 0.5, 0.25, 0].map((s) =>
    s === 1 ? Infinity : upper(shares, s),
  );
  const lines = [
    `${counted.length} questions; the unshown chunks of files ranked 1-8 (below each file's first ${LEADS}), by quartile of the shipped model's share of the fix's lines, split at each history column's median:`,
    "",
    "| model's share, history half | chunks | hold a changed line | changed lines per 1,000 tokens | points of line recall held |",
    "| :-- | --: | --: | --: | --: |",
  ];
  for (let k = 0; k < 4; k++) {
    const high = cuts[k] as number;
    const low = cuts[k + 1] as number;
    const group = rows.filter(
      (r) => r.share <= high && (k === 3 ? true : r.share > low),
    );
    const cell = (g: StrataRow[]) => density(g, counted).join(" | ");
    lines.push(`| Q${k + 1}, all | ${cell(group)} |`);
    for (const name of columns) {
      const at = HISTORY_COLUMNS.indexOf(name);
      const median = upper(
        rows.map((r) => r.history[at] ?? 0),
        0.5,
      );
      const value = (r: StrataRow) => r.history[at] ?? 0;
      lines.push(
        `| Q${k + 1}, ${name} ≥ ${median.toFixed(2)} | ${cell(group.filter((r) => value(r) >= median))} |`,
        `| Q${k + 1}, ${name} < ${median.toFixed(2)} | ${cell(group.filter((r) => value(r) < median))} |`,
      );
    }
  }
  return `${lines.join("\n")}\n\n`;
}
