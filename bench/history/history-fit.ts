// Do history signals add to what the chunk model already reads? (issue 38
// study). Labels the questions' ranked chunks as the chunk model's fit does
// (`labelChunks`), with the history columns (`historyColumns`) after the
// model's signals, then fits the line and file heads over repository folds
// (each fold's heads fitted on the other folds' repositories, as
// `crossValidateL2`) with the model's signals alone and with each group of
// history columns, and prints each head's loss per question on the
// repositories it was not fitted on: lower is better.
//   npm run bench:history-fit -- --data FILE [--mirrors DIR] [--split FILE --part training]
//     [--per-repo N] [--rows OUT.json] [--from ROWS.json] [--l2 0.001,0.01]
import { readFile, writeFile } from "node:fs/promises";
import { CHUNK_SIGNALS } from "../../src/retrieval/rank/chunk-signals.js";
import { labelChunks, type QuestionRows } from "../weights/label-chunks.js";
import { crossValidateL2 } from "../weights/cross-validate-l2.js";
import { FIT_STEPS, fitQuestions } from "../weights/fit-chunk-model.js";
import { mirrorPath } from "../swebench/mirror-path.js";
import { benchCommand } from "../parse-bench-command.js";
import { STUDY_OPTIONS, studyInstances } from "./study-instances.js";
import { blameFile, readRecentLog } from "./read-line-history.js";
import { modelStrata } from "./model-strata.js";
import {
  blamedFiles,
  HISTORY_COLUMNS,
  historyColumns,
  LOG_DEPTH,
} from "./history-columns.js";

const FOLDS = 4;

const { values } = benchCommand({
  usage: `usage: npm run bench:history-fit -- --data FILE [--mirrors DIR] [--split FILE --part training|held-out]
         [--per-repo N] [--rows OUT.json] [--from ROWS.json] [--l2 0.001,0.01]

Whether the history of the code (git blame of the files ranked 1-8, the
files' recency and churn in the last 2,000 commits) lowers the chunk model's
loss on repositories its heads were not fitted on (${FOLDS} repository folds).
--rows writes the labelled rows; --from reads them back.`,
  options: {
    ...STUDY_OPTIONS,
    l2: { type: "string", default: "0.001,0.01" },
  },
});

async function label(): Promise<QuestionRows[]> {
  const { instances, mirrors } = await studyInstances(
    values,
    "bench:history-fit",
  );
  const questions: QuestionRows[] = [];
  for (const [n, instance] of instances.entries()) {
    const mirror = mirrorPath(mirrors, instance.repo);
    const base = instance.base_commit;
    questions.push(
      await labelChunks({
        instance,
        mirror,
        extra: async (ranked) => {
          const log = await readRecentLog(mirror, base, LOG_DEPTH);
          const files = blamedFiles(ranked);
          const blames = new Map(
            await Promise.all(
              files.map(
                async (p) => [p, await blameFile(mirror, base, p)] as const,
              ),
            ),
          );
          return historyColumns(ranked, blames, log);
        },
      }),
    );
    if (values.rows) await writeFile(values.rows, JSON.stringify(questions));
    process.stderr.write(
      `${n + 1}/${instances.length} ${instance.instance_id}\n`,
    );
  }
  return questions;
}

/** The column groups compared: each adds to the model's signals. */
const d = CHUNK_SIGNALS.length;
const col = (name: (typeof HISTORY_COLUMNS)[number]) =>
  d + HISTORY_COLUMNS.indexOf(name);
const VARIANTS: [string, number[]][] = [
  ["the model's signals", []],
  ["+ blamed (1 for files 1-8)", [col("blamed")]],
  [
    "+ blamed, line history (touched by the file's last change, line recency, line commits)",
    [
      col("blamed"),
      col("touchedByFileChange"),
      col("lineRecency"),
      col("lineCommits"),
    ],
  ],
  ["+ file history (recency, churn)", [col("fileRecency"), col("fileChurn")]],
  ["+ all", HISTORY_COLUMNS.map(col)],
];

/** The questions with only the model's signals and `extra` columns. */
function keep(questions: QuestionRows[], extra: number[]): QuestionRows[] {
  const columns = [...Array(d).keys(), ...extra];
  return questions.map((q) => ({
    ...q,
    chunks: q.chunks.map((c) => ({ ...c, x: columns.map((k) => c.x[k] ?? 0) })),
  }));
}

const questions: QuestionRows[] = values.from
  ? (JSON.parse(await readFile(values.from, "utf8")) as QuestionRows[])
  : await label();
process.stdout.write(
  modelStrata(questions, ["lineRecency", "touchedByFileChange", "lineCommits"]),
);
const grid = (values.l2 ?? "").split(",").map(Number);
const lines = [
  `| signals | ${grid.map((l2) => `L2 ${l2}: line / file`).join(" | ")} |`,
  `| :-- | ${grid.map(() => "--:").join(" | ")} |`,
];
for (const [name, extra] of VARIANTS) {
  // Each head's loss on the folds' held-out repositories, per L2.
  const { points } = crossValidateL2(keep(questions, extra), {
    folds: FOLDS,
    grid,
    steps: FIT_STEPS,
  });
  const cells = points.map(
    (p) => `${p.line.toFixed(4)} / ${p.file.toFixed(4)}`,
  );
  lines.push(`| ${name} | ${cells.join(" | ")} |`);
  process.stderr.write(`${lines.at(-1)}\n`);
}
process.stdout.write(
  `${fitQuestions(questions).length} questions, ${FOLDS} repository folds, loss per question on repositories not fitted:\n\n${lines.join("\n")}\n`,
);
