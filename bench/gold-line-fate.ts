// Where the gold lines of real issues end up in askcode's packed context:
// shown whole, kept or cut by compression, named in a metadata line, shown
// as another file's copy or as the map's signature line (read back from the
// text, as bench:swebench counts them), in a chunk that ranked but did not fit or was not ranked (each with whether its
// file is shown), or in a file that was not indexed. It says which stage to work on: ranking (the
// line's chunk never matched or ranked too low) or packing (it ranked high
// enough but was cut or named only). A second table says where the gold
// files that no piece shows rank among files (by their best chunk), in
// points of file recall Avg: what better packing could win (files ranked
// high) against what only better ranking can.
//   npm run bench:gold-lines -- --data FILE [--mirrors DIR] [--budget 13000] [--every 6]
//     [--split bench/train/split.json --part training] [--per-repo N] [--chunk-model]
//     [--rank-order] [--c-files]
// --every N takes every Nth instance of the file (a sample across repositories),
// after --split/--part and --per-repo chose the rows as bench:swebench does;
// --chunk-model packs in the shipped chunk model's order, as bench:swebench's:
// packing's default since it was turned on (the flag is kept so older commands run);
// --rank-order packs in rank order instead (the model off), so one command
// measures both. --c-files splits the lines of C and C++ files by header and
// source: a declaration in foo.h and its body in foo.c go different ways.
import { CHUNK_MODEL } from "../src/retrieval/rank/chunk-model-weights.js";
import { cFileRole } from "../src/retrieval/rank/file-counterparts.js";
import { createLocalCodeHost } from "../src/code-host/local/local-code-host.js";
import { loadGrammarsFor } from "../src/retrieval/chunks/chunk-file.js";
import { indexRepository } from "../src/retrieval/index/index-repository.js";
import type { PackedPiece } from "../src/retrieval/pack/packing-types.js";
import { readRepositoryFiles } from "../src/retrieval/read-repository-files.js";
import { retrieveContext } from "../src/retrieval/retrieve-context.js";
import { createTokenCounter } from "../src/tokens/create-token-counter.js";
import { splitFileLines } from "../src/eval/file-lines.js";
import { goldLines } from "../src/eval/gold-lines.js";
import { loadInstances, selectInstances } from "./swebench/load-instances.js";
import { partRepositories, splitOption } from "./train/read-split.js";
import { mirrorPath } from "./swebench/mirror-path.js";
import { shownLines } from "../src/eval/shown-lines.js";
import { DEFAULT_MIRRORS } from "./swebench/parse-bench-args.js";
import { benchCommand, exitMissingInput } from "./parse-bench-command.js";
import {
  fileChunksShown,
  lostLineRelations,
  RELATIONS,
  tallyUnshownChunks,
  type Relation,
  type RelationTally,
} from "./lost-line-relations.js";

// A line no piece shows is told apart by its chunk's rank (not among the
// ranked: no match, or below the first 1,000) and by whether another piece of
// its file is shown: a nearer or a farther reach for ranking.
type Fate =
  | "shown whole"
  | "kept by compression"
  | "cut by compression"
  | "metadata line"
  | "shown as a copy's text"
  | "map signature line"
  | `${"chunk ranked 1-20" | "chunk ranked 21-100" | "chunk ranked below 100" | "chunk not among the ranked"}, ${"its file shown" | "nor its file shown"}`
  | "file not indexed";

const { values } = benchCommand({
  usage: `usage: npm run bench:gold-lines -- --data FILE [--mirrors DIR] [--budget 13000] [--every 6]
         [--split FILE --part training|held-out] [--per-repo N] [--chunk-model] [--rank-order]
         [--relations] [--c-files]

Where the gold lines of SWE-bench instances (JSON lines in FILE) end up in the
packed context; --split/--part keep one part's repositories and --per-repo N
the first N rows of each (as bench:swebench), then --every N takes every Nth
instance. --chunk-model packs in the shipped chunk model's order (the default);
--rank-order packs in rank order (the model off).
--c-files adds where the gold lines of C and C++ headers and sources went, apart.
--relations adds what ties each lost line of a shown file to its shown chunks, and the gold lines a thousand tokens of each kind of chunk hold. npm run bench:swebench -- --help says how to get instances and mirrors.`,
  options: {
    data: { type: "string" },
    mirrors: { type: "string" },
    budget: { type: "string", default: "13000" },
    every: { type: "string", default: "6" },
    split: { type: "string" },
    part: { type: "string" },
    "per-repo": { type: "string" },
    "chunk-model": { type: "boolean", default: false },
    "rank-order": { type: "boolean", default: false },
    "c-files": { type: "boolean", default: false },
    relations: { type: "boolean", default: false },
  },
});
const budget = Number(values.budget);
const every = Number(values.every);
if (!values.data)
  exitMissingInput(
    "bench:gold-lines needs --data FILE (SWE-bench instances as JSON lines)",
    "npm run bench:swebench -- --help says how to get them",
  );
if (!Number.isInteger(budget) || budget <= 0) {
  process.stderr.write(`--budget must be a positive whole number\n`);
  process.exit(2);
}
if (!Number.isInteger(every) || every < 1) {
  process.stderr.write(`--every must be a whole number of at least 1\n`);
  process.exit(2);
}
const perRepo =
  values["per-repo"] === undefined ? undefined : Number(values["per-repo"]);
if (perRepo !== undefined && (!Number.isInteger(perRepo) || perRepo < 1)) {
  process.stderr.write(`--per-repo must be a whole number of at least 1\n`);
  process.exit(2);
}
let repos: Set<string> | undefined;
try {
  const split = splitOption(values.split, values.part);
  repos = split ? partRepositories(split) : undefined;
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}
const mirrors =
  values.mirrors ?? process.env.SWEBENCH_MIRRORS ?? DEFAULT_MIRRORS;
const instances = selectInstances(await loadInstances(values.data), {
  ...(repos ? { repos } : {}),
  ...(perRepo ? { perRepo } : {}),
}).filter((_, i) => i % every === 0);
const tokenCounter = createTokenCounter({ model: "gpt-4o" });
const tally = new Map<Fate, number>();
// Points of line recall (mean per instance) each fate takes: the benchmark's
// other line measure, where a small instance counts as much as a large one.
const meanPoints = new Map<Fate, number>();
// Points of file recall Avg (over the instances run) lost per rank bucket.
const FILE_BUCKETS = [
  "ranked 1-20",
  "ranked 21-100",
  "ranked below 100",
  "no chunk among the ranked",
] as const;
// Lost lines of shown files, per relation of their chunk to the shown chunks.
const related = new Map<Relation, { lines: number; points: number }>();
// Every unshown chunk of a shown file, per relation: how many hold a gold line.
const telling = new Map<Relation | "any chunk", RelationTally>();
// What a token buys elsewhere, beside the relations' chunks: the code shown
// (pieces shown whole or by structure), and the best ranked chunk of each
// file among the 600 candidates shown with no body.
const bought = {
  "code shown (tokens as counted)": { tokens: 0, goldLines: 0 },
  "best chunk of a file not shown": { tokens: 0, goldLines: 0 },
};
const missedFiles = new Map<(typeof FILE_BUCKETS)[number], number>();
// With --c-files: lines and points per "header: fate" and "source: fate".
const byRole = new Map<string, { lines: number; points: number }>();
const fileBucket = (rank: number) =>
  rank < 0
    ? FILE_BUCKETS[3]
    : rank < 20
      ? FILE_BUCKETS[0]
      : rank < 100
        ? FILE_BUCKETS[1]
        : FILE_BUCKETS[2];
const chunkBucket = (rank: number | undefined) =>
  rank === undefined
    ? "chunk not among the ranked"
    : rank < 20
      ? "chunk ranked 1-20"
      : rank < 100
        ? "chunk ranked 21-100"
        : "chunk ranked below 100";

function fateInPiece(piece: PackedPiece, line: number): Fate {
  if (piece.form === "full") return "shown whole";
  if (piece.form === "metadata") return "metadata line";
  if (piece.form === "signature") return "map signature line";
  return piece.omitted?.some(([a, b]) => a <= line && line <= b)
    ? "cut by compression"
    : "kept by compression";
}

for (const instance of instances) {
  const host = createLocalCodeHost({
    root: mirrorPath(mirrors, instance.repo),
  });
  try {
    const { sha } = await host.resolveRef(instance.base_commit);
    const { files } = await readRepositoryFiles(host.at(sha));
    await loadGrammarsFor(files);
    const index = indexRepository(files);
    const { context, ranked } = retrieveContext({
      files,
      index,
      question: instance.problem_statement,
      budget,
      tokenCounter,
      ...(values["rank-order"]
        ? { options: { pack: { chunkModel: null } } }
        : values["chunk-model"]
          ? { options: { pack: { chunkModel: CHUNK_MODEL } } }
          : {}),
    });
    const rankOf = new Map(ranked.map((r, rank) => [r.chunk.id, rank]));
    // Files in the order their best chunk ranks.
    const fileOrder = [...new Set(ranked.map((r) => r.chunk.path))];
    const texts = new Map(files.map((f) => [f.path, splitFileLines(f.text)]));
    const gold = goldLines(instance.gold_hunks, (p) => texts.get(p)).lines;
    // What the benchmark counts as shown: read back from the text, so a line
    // shown as another file's copy or by the map is not mistaken for a lost one.
    const shown = shownLines(context.text, (p) => texts.get(p));
    const goldFiles = Object.keys(instance.gold_hunks).filter((p) =>
      index.byPath.has(p),
    );
    for (const path of goldFiles) {
      if ((shown.byPath.get(path)?.size ?? 0) > 0) continue;
      const bucket = fileBucket(fileOrder.indexOf(path));
      missedFiles.set(
        bucket,
        (missedFiles.get(bucket) ?? 0) +
          100 / goldFiles.length / instances.length,
      );
    }
    const count = (fate: Fate, path: string) => {
      const points = 100 / gold.length / instances.length;
      tally.set(fate, (tally.get(fate) ?? 0) + 1);
      meanPoints.set(fate, (meanPoints.get(fate) ?? 0) + points);
      const role = values["c-files"] ? cFileRole(path) : undefined;
      if (role) {
        const key = `${role}: ${fate}`;
        const held = byRole.get(key) ?? { lines: 0, points: 0 };
        held.lines++;
        held.points += points;
        byRole.set(key, held);
      }
    };
    // A file "shown" for a lost line: some line of it shown as code, not only its map line.
    const withBody = (path: string) =>
      [...(shown.byPath.get(path) ?? [])].some(
        (line) => !shown.signaturesByPath.get(path)?.has(line),
      );
    if (values.relations) {
      const goldAt = new Set(gold.map((g) => `${g.path}:${g.line}`));
      const goldLinesIn = (c: {
        path: string;
        startLine: number;
        endLine: number;
      }) => {
        let lines = 0;
        for (let l = c.startLine; l <= c.endLine; l++)
          if (goldAt.has(`${c.path}:${l}`)) lines++;
        return lines;
      };
      for (const p of context.pieces)
        if (p.form === "full" || p.form === "compressed") {
          bought["code shown (tokens as counted)"].tokens += p.tokens;
          bought["code shown (tokens as counted)"].goldLines +=
            goldLinesIn(p) -
            (p.omitted ?? []).reduce(
              (sum, [a, b]) =>
                sum + goldLinesIn({ path: p.path, startLine: a, endLine: b }),
              0,
            );
        }
      const firstOfFile = new Set<string>();
      for (const r of ranked.slice(0, 600)) {
        if (firstOfFile.has(r.chunk.path)) continue;
        firstOfFile.add(r.chunk.path);
        if (withBody(r.chunk.path)) continue;
        const held = bought["best chunk of a file not shown"];
        held.tokens += Math.ceil(r.chunk.text.length / 4);
        held.goldLines += goldLinesIn(r.chunk);
      }
      for (const path of new Set(context.pieces.map((p) => p.path))) {
        const fileId = index.byPath.get(path);
        if (fileId !== undefined && withBody(path))
          tallyUnshownChunks(
            telling,
            index,
            fileId,
            context.pieces,
            goldLinesIn,
            rankOf,
          );
      }
    }
    for (const { path, line } of gold) {
      const fileId = index.byPath.get(path);
      const file = fileId === undefined ? undefined : index.files[fileId];
      if (!file) {
        count("file not indexed", path);
        continue;
      }
      const piece = context.pieces.find(
        (p) => p.path === path && p.startLine <= line && line <= p.endLine,
      );
      if (piece) {
        count(fateInPiece(piece, line), path);
        continue;
      }
      if (shown.byPath.get(path)?.has(line)) {
        count(
          shown.signaturesByPath.get(path)?.has(line)
            ? "map signature line"
            : "shown as a copy's text",
          path,
        );
        continue;
      }
      const chunk = index.chunks
        .slice(file.firstChunk, file.firstChunk + file.chunkCount)
        .find((c) => c.startLine <= line && line <= c.endLine);
      const rank = chunk === undefined ? undefined : rankOf.get(chunk.id);
      if (values.relations && chunk && withBody(path)) {
        const { shown: shownChunks } = fileChunksShown(
          index,
          file.id,
          context.pieces,
        );
        for (const r of lostLineRelations(index, chunk, shownChunks, rank)) {
          const held = related.get(r) ?? { lines: 0, points: 0 };
          held.lines++;
          held.points += 100 / gold.length / instances.length;
          related.set(r, held);
        }
      }
      count(
        `${chunkBucket(rank)}, ${withBody(path) ? "its file shown" : "nor its file shown"}`,
        path,
      );
    }
  } finally {
    await host.close();
  }
  process.stderr.write(`${instance.instance_id}\n`);
}

const total = [...tally.values()].reduce((a, b) => a + b, 0);
process.stdout.write(
  `Gold lines of ${instances.length} instances (every ${every}th) at ${budget} tokens${values["rank-order"] ? ", packed in rank order" : values["chunk-model"] ? ", packed by the chunk model" : ""}:\n\n| where the line ended up | lines | share | points of line recall (mean per instance) |\n|:--|--:|--:|--:|\n`,
);
for (const [fate, lines] of [...tally].sort((a, b) => b[1] - a[1]))
  process.stdout.write(
    `| ${fate} | ${lines} | ${((100 * lines) / total).toFixed(1)}% | ${(meanPoints.get(fate) ?? 0).toFixed(1)} |\n`,
  );

process.stdout.write(
  `\nGold files no piece shows, by where the file ranks (points of file recall Avg):\n\n| the file | Avg points lost |\n|:--|--:|\n`,
);
for (const bucket of FILE_BUCKETS)
  process.stdout.write(
    `| ${bucket} | ${(missedFiles.get(bucket) ?? 0).toFixed(1)} |\n`,
  );
if (values["c-files"]) {
  process.stdout.write(
    `\nGold lines of C and C++ headers and sources:\n\n| file: where the line ended up | lines | points of line recall (mean per instance) |\n|:--|--:|--:|\n`,
  );
  for (const [key, held] of [...byRole].sort((a, b) =>
    a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0,
  ))
    process.stdout.write(
      `| ${key} | ${held.lines} | ${held.points.toFixed(1)} |\n`,
    );
}
if (values.relations) {
  process.stdout.write(
    `\nLost lines of files shown with a body, by what ties their chunk to the file's shown chunks (a line may have several):\n\n| relation | lines | points of line recall (mean per instance) |\n|:--|--:|--:|\n`,
  );
  for (const r of RELATIONS) {
    const held = related.get(r);
    process.stdout.write(
      `| ${r} | ${held?.lines ?? 0} | ${(held?.points ?? 0).toFixed(1)} |\n`,
    );
  }
  const perThousand = (lines: number, tokens: number) =>
    tokens > 0 ? ((1000 * lines) / tokens).toFixed(2) : "-";
  process.stdout.write(
    `\nEvery unshown chunk of a file shown with a body, by its relation to the file's shown chunks: how many hold a gold line (how well the relation tells them apart), and the gold lines a thousand tokens of them would show (tokens estimated at 4 characters each):\n\n| relation | chunks | holding a gold line | share | gold lines per 1,000 tokens |\n|:--|--:|--:|--:|--:|\n`,
  );
  for (const r of ["any chunk" as const, ...RELATIONS]) {
    const held = telling.get(r) ?? {
      chunks: 0,
      gold: 0,
      tokens: 0,
      goldLines: 0,
    };
    process.stdout.write(
      `| ${r} | ${held.chunks} | ${held.gold} | ${held.chunks > 0 ? ((100 * held.gold) / held.chunks).toFixed(1) : "-"}% | ${perThousand(held.goldLines, held.tokens)} |\n`,
    );
  }
  process.stdout.write(
    `\nThe same measure elsewhere:\n\n| code | tokens | gold lines | gold lines per 1,000 tokens |\n|:--|--:|--:|--:|\n`,
  );
  for (const [what, held] of Object.entries(bought))
    process.stdout.write(
      `| ${what} | ${held.tokens} | ${held.goldLines} | ${perThousand(held.goldLines, held.tokens)} |\n`,
    );
}
