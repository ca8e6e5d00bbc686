// Does the code's history say which chunks a fix touches? (issue 38 study)
// Ranks each question as askcode does (`rankChunks`, 600 chunks, as the
// chunk model's fit labels them), then, at the question's base commit:
// (a) for the chunks of the files ranked 1-8 below each file's first three
// ranked chunks (its "leads", what packing shows of a file first; the same
// population as docs/benchmark.md's relation table), the age of their lines
// from `git blame` and how many commits last changed them; (b) for the files
// ranked 9-30, how often and how recently the last 2,000 commits touched
// them. It prints, by quantile of each signal, the share of chunks holding a
// changed line, the changed lines per 1,000 tokens and the points of line
// (and file) recall held.
//   npm run bench:history -- --data FILE [--mirrors DIR] [--split FILE --part training]
//     [--per-repo N] [--rows OUT.json] [--from ROWS.json]
import { readFile, writeFile } from "node:fs/promises";
import { analyzeQuery } from "../../src/retrieval/query/query-analysis.js";
import { rankChunks } from "../../src/retrieval/rank/rank-chunks.js";
import { estimateTokens } from "../../src/retrieval/pack/expected-gold.js";
import { indexInstance } from "../weights/index-instance.js";
import { mirrorPath } from "../swebench/mirror-path.js";
import { benchCommand } from "../parse-bench-command.js";
import { STUDY_OPTIONS, studyInstances } from "./study-instances.js";
import { blameFile, readRecentLog } from "./read-line-history.js";
import { chunkHistory, type ChunkHistory } from "./chunk-history.js";
import { BLAMED_FILES, LEADS, LOG_DEPTH } from "./history-columns.js";
import {
  renderChunkTables,
  renderFileTables,
  type ChunkStudyRow,
  type FileStudyRow,
  type StudyQuestion,
} from "./render-history-density.js";

/** The candidate files studied: those ranked after the BLAMED_FILES, up to this rank. */
const CANDIDATE_FILES = 30;

const { values } = benchCommand({
  usage: `usage: npm run bench:history -- --data FILE [--mirrors DIR] [--split FILE --part training|held-out]
         [--per-repo N] [--rows OUT.json] [--from ROWS.json]

Whether a chunk's history (git blame at the question's base commit) or its
file's churn (the last 2,000 commits) tells which chunks and files hold the
fix's changed lines. --rows writes the labelled rows; --from reads them back
instead of ranking again.`,
  options: {
    ...STUDY_OPTIONS,
  },
});

interface StudyRows {
  questions: StudyQuestion[];
  chunks: ChunkStudyRow[];
  files: FileStudyRow[];
}

async function studyAll(): Promise<StudyRows> {
  const { instances, mirrors } = await studyInstances(values, "bench:history");
  const rows: StudyRows = { questions: [], chunks: [], files: [] };
  for (const [n, instance] of instances.entries()) {
    const mirror = mirrorPath(mirrors, instance.repo);
    await studyInstance(instance, mirror, rows);
    // Written as it goes, so a long run's rows can be read before it ends.
    if (values.rows) await writeFile(values.rows, JSON.stringify(rows));
    process.stderr.write(
      `${n + 1}/${instances.length} ${instance.instance_id}\n`,
    );
  }
  return rows;
}

async function studyInstance(
  instance: Parameters<typeof indexInstance>[0],
  mirror: string,
  rows: StudyRows,
): Promise<void> {
  const { index, gold, goldByPath } = await indexInstance(instance, mirror);
  const { ranked } = rankChunks(
    index,
    analyzeQuery(instance.problem_statement),
    { maxResults: 600 },
  );
  const goldFiles = [...goldByPath.keys()].filter((p) => index.byPath.has(p));
  const question: StudyQuestion = {
    id: instance.instance_id,
    goldLines: gold.filter((g) => index.byPath.has(g.path)).length,
    goldFiles: goldFiles.length,
  };
  if (question.goldLines === 0) return;
  const q = rows.questions.push(question) - 1;
  const log = await readRecentLog(mirror, instance.base_commit, LOG_DEPTH);
  const fileOrder = [...new Set(ranked.map((r) => r.chunk.path))];
  const seen = new Map<string, number>();
  const goldIn = (path: string, start: number, end: number) => {
    const lines = goldByPath.get(path);
    let held = 0;
    if (lines) for (let l = start; l <= end; l++) if (lines.has(l)) held++;
    return held;
  };
  const blames = new Map(
    await Promise.all(
      fileOrder
        .slice(0, BLAMED_FILES)
        .map(
          async (p) =>
            [p, await blameFile(mirror, instance.base_commit, p)] as const,
        ),
    ),
  );
  for (const r of ranked) {
    const { path, startLine, endLine, text } = r.chunk;
    const fileRank = fileOrder.indexOf(path);
    const within = seen.get(path) ?? 0;
    seen.set(path, within + 1);
    const gold = goldIn(path, startLine, endLine);
    const tokens = estimateTokens(text);
    if (fileRank < BLAMED_FILES) {
      const blame = blames.get(path);
      const history: ChunkHistory | undefined = blame
        ? chunkHistory(blame, log, path, startLine, endLine)
        : undefined;
      if (history)
        rows.chunks.push({
          q,
          file: path,
          lead: within < LEADS,
          gold,
          tokens,
          ...history,
        });
    } else if (fileRank < CANDIDATE_FILES && within === 0) {
      const commits = log.fileCommits.get(path) ?? [];
      rows.files.push({
        q,
        gold,
        tokens,
        goldFile: goldByPath.has(path) ? 1 : 0,
        fileCommits: commits.length,
        fileCommitsAgo: commits[0] ?? LOG_DEPTH,
      });
    }
  }
}

const rows: StudyRows = values.from
  ? (JSON.parse(await readFile(values.from, "utf8")) as StudyRows)
  : await studyAll();
process.stdout.write(renderChunkTables(rows.questions, rows.chunks));
process.stdout.write(renderFileTables(rows.questions, rows.files));
