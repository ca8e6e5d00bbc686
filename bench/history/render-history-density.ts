// The history study's tables (bench/history/history-density.ts): by quantile
// of each signal, what share of the chunks (or candidate files) hold a
// changed line, the changed lines per 1,000 tokens (characters / 4) and the
// points of line recall (mean per question) they hold, in the form of
// docs/benchmark.md's relation table.
import type { ChunkHistory } from "./chunk-history.js";

export interface StudyQuestion {
  id: string;
  /** Changed lines, and changed files, the index holds. */
  goldLines: number;
  goldFiles: number;
}

/** A ranked chunk of a file ranked 1-8, with its history. */
export interface ChunkStudyRow extends ChunkHistory {
  q: number;
  file: string;
  /** One of its file's first three ranked chunks. */
  lead: boolean;
  gold: number;
  tokens: number;
}

/** The best chunk of a file ranked 9-30, with its file's churn. */
export interface FileStudyRow {
  q: number;
  gold: number;
  tokens: number;
  goldFile: 0 | 1;
  /** Commits of the last 2,000 that touched the file. */
  fileCommits: number;
  /** How many commits ago the last of them was (2,000: none). */
  fileCommitsAgo: number;
}

export interface DensityRow {
  q: number;
  gold: number;
  tokens: number;
}

interface Signal<R> {
  name: string;
  value: (row: R) => number;
  /** True when a larger value is the "more recent / more churned" end. */
  descending: boolean;
  /** A yes (1) / no (0) signal: two groups, not quantiles. */
  binary?: boolean;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/**
 * Splits rows into quartiles and halves of a signal, the "recent" end first.
 * Ties stay together, so a group can hold more or fewer than a quarter.
 */
function quantileGroups<R>(rows: R[], signal: Signal<R>): [string, R[]][] {
  if (signal.binary)
    return [
      ["yes", rows.filter((r) => signal.value(r) === 1)],
      ["no", rows.filter((r) => signal.value(r) !== 1)],
    ];
  const key = (r: R) =>
    signal.descending ? -signal.value(r) : signal.value(r);
  const sorted = rows.map(key).sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  const cuts = [at(0.25), at(0.5), at(0.75)];
  const shown = (x: number) => {
    const v = signal.descending ? -x : x;
    return Number.isInteger(v) ? String(v) : v.toFixed(2);
  };
  const op = signal.descending ? "≥" : "≤";
  const groups: [string, R[]][] = [];
  let low = -Infinity;
  for (const [i, cut] of [...cuts, Infinity].entries()) {
    const label = i < 3 ? `Q${i + 1} (${op} ${shown(cut)})` : `Q4 (the rest)`;
    groups.push([label, rows.filter((r) => key(r) > low && key(r) <= cut)]);
    low = cut;
  }
  const half = cuts[1] as number;
  groups.push([
    `top half / bottom (${op} ${shown(half)})`,
    rows.filter((r) => key(r) <= half),
  ]);
  groups.push(["bottom half", rows.filter((r) => key(r) > half)]);
  return groups;
}

export function density<R extends DensityRow>(
  rows: R[],
  questions: StudyQuestion[],
): string[] {
  const tokens = rows.reduce((s, r) => s + r.tokens, 0);
  const gold = rows.reduce((s, r) => s + r.gold, 0);
  const held = rows.filter((r) => r.gold > 0).length;
  const points = rows.reduce(
    (s, r) => s + r.gold / (questions[r.q] as StudyQuestion).goldLines,
    0,
  );
  return [
    rows.length.toLocaleString("en"),
    pct(held / Math.max(1, rows.length)),
    ((1000 * gold) / Math.max(1, tokens)).toFixed(2),
    ((100 * points) / questions.length).toFixed(1),
  ];
}

function table<R extends DensityRow>(
  title: string,
  rows: R[],
  questions: StudyQuestion[],
  signals: Signal<R>[],
  extra: (group: R[]) => string[] = () => [],
  extraHeads: string[] = [],
): string {
  const head = [
    title,
    "chunks",
    "hold a changed line",
    "changed lines per 1,000 tokens",
    "points of line recall held",
    ...extraHeads,
  ];
  const lines = [
    `| ${head.join(" | ")} |`,
    `| :-- | ${head
      .slice(1)
      .map(() => "--:")
      .join(" | ")} |`,
    `| all | ${[...density(rows, questions), ...extra(rows)].join(" | ")} |`,
  ];
  for (const signal of signals)
    for (const [label, group] of quantileGroups(rows, signal))
      lines.push(
        `| ${signal.name}: ${label} | ${[...density(group, questions), ...extra(group)].join(" | ")} |`,
      );
  return `${lines.join("\n")}\n\n`;
}

const fileKey = (r: ChunkStudyRow) => `${r.q}\0${r.file}`;

/** Groups rows by question and file. */
function byFile(rows: ChunkStudyRow[]): Map<string, ChunkStudyRow[]> {
  const files = new Map<string, ChunkStudyRow[]>();
  for (const r of rows) {
    const list = files.get(fileKey(r)) ?? [];
    list.push(r);
    files.set(fileKey(r), list);
  }
  return files;
}

/**
 * Each unshown chunk's place among its file's unshown chunks by how recently
 * its newest line changed: 0 the newest, 1 the oldest, ties sharing their
 * mean place (a file's own scale, so a file changed often does not count).
 */
function placeInFile(rows: ChunkStudyRow[]): Map<ChunkStudyRow, number> {
  const place = new Map<ChunkStudyRow, number>();
  for (const list of byFile(rows).values()) {
    const values = list.map((r) => r.newestCommits);
    for (const r of list) {
      const below = values.filter((v) => v < r.newestCommits).length;
      const same = values.filter((v) => v === r.newestCommits).length;
      place.set(
        r,
        list.length > 1 ? (below + (same - 1) / 2) / (list.length - 1) : 0,
      );
    }
  }
  return place;
}

/** The chunk tables: each history signal over the unshown chunks of files ranked 1-8. */
export function renderChunkTables(
  questions: StudyQuestion[],
  chunks: ChunkStudyRow[],
): string {
  const unshown = chunks.filter((c) => !c.lead);
  const place = placeInFile(unshown);
  const signals: Signal<ChunkStudyRow>[] = [
    {
      name: "repo commits since its newest line",
      value: (r) => r.newestCommits,
      descending: false,
    },
    {
      name: "repo commits since its median line",
      value: (r) => r.medianCommits,
      descending: false,
    },
    {
      name: "days since its newest line",
      value: (r) => r.newestDays,
      descending: false,
    },
    {
      name: "days since its median line",
      value: (r) => r.medianDays,
      descending: false,
    },
    {
      name: "file commits since its newest line",
      value: (r) => r.fileCommitsSince,
      descending: false,
    },
    {
      name: "share of lines from the file's last 5 commits",
      value: (r) => r.recentFileShare,
      descending: true,
    },
    {
      name: "share of lines from the repo's last 200 commits",
      value: (r) => r.recentRepoShare,
      descending: true,
    },
    { name: "distinct commits", value: (r) => r.commits, descending: true },
    {
      name: "its place in its file (0 newest, 1 oldest)",
      value: (r) => place.get(r) ?? 0,
      descending: false,
    },
    {
      name: "its file's most recently changed unshown chunk",
      value: (r) => (place.get(r) === 0 ? 1 : 0),
      descending: true,
      binary: true,
    },
  ];
  const leads = chunks.filter((c) => c.lead);
  // Within the files a fix changed (a ranked chunk of theirs holds a changed
  // line): which of their chunks, apart from which files.
  const fixFiles = new Set(
    chunks.filter((c) => c.gold > 0).map((c) => fileKey(c)),
  );
  return [
    `${questions.length} questions with a changed line indexed; leads (first 3 ranked chunks of files 1-8): chunks / hold a changed line / lines per 1,000 tokens / points: ${density(leads, questions).join(" / ")}\n\n`,
    table(
      "chunks of a file ranked 1-8, below its first three",
      unshown,
      questions,
      signals,
    ),
    table(
      "the same, of files a ranked chunk of which holds a changed line",
      unshown.filter((c) => fixFiles.has(fileKey(c))),
      questions,
      signals,
    ),
  ].join("");
}

/** The file tables: churn and recency of the candidate files ranked 9-30 (their best chunk). */
export function renderFileTables(
  questions: StudyQuestion[],
  files: FileStudyRow[],
): string {
  const fileRecall = (group: FileStudyRow[]) => [
    pct(group.filter((f) => f.goldFile).length / Math.max(1, group.length)),
    (
      (100 *
        group.reduce(
          (s, f) =>
            s +
            f.goldFile /
              Math.max(1, (questions[f.q] as StudyQuestion).goldFiles),
          0,
        )) /
      questions.length
    ).toFixed(1),
  ];
  return table(
    "best chunk of a file ranked 9-30",
    files,
    questions,
    [
      {
        name: "its commits in the last 2,000",
        value: (f) => f.fileCommits,
        descending: true,
      },
      {
        name: "commits since it last changed",
        value: (f) => f.fileCommitsAgo,
        descending: false,
      },
    ],
    fileRecall,
    ["file is a fix file", "points of file recall held"],
  );
}
