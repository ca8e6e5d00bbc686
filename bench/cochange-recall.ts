// Would the repository's history find the fix files no term of the question
// matches? For each question of a bench:swebench run, reads the history up to
// its base commit, ranks files by how often they changed with the first files
// askcode showed with a body, and counts the gold files askcode did not show
// with a body that the first N of those would bring, with what else they
// bring. A measurement for issue 38: it changes nothing askcode shows.
//   npm run bench:cochange -- --run RUN.json [--mirrors DIR] [--depth 2000] [--max-files 30] [--seeds 5] [--n 1,3,5,10] [--kinds code,docs,data,changelog] [--out FILE]
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { readGitHistory } from "../src/retrieval/history/read-git-history.js";
import { rankCoChanged } from "../src/retrieval/history/rank-co-changed.js";
import { coChangeKind } from "../src/retrieval/history/co-change-kind.js";
import {
  tallyRecovery,
  type RecoveryGroup,
  type RecoveryRow,
} from "./cochange/tally-recovery.js";
import { benchCommand, exitMissingInput } from "./parse-bench-command.js";
import { mirrorPath } from "./swebench/mirror-path.js";
import { DEFAULT_MIRRORS } from "./swebench/parse-bench-args.js";
import { readRunFileOrExit } from "./swebench/read-run-file.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:cochange -- --run RUN.json [--mirrors DIR] [--depth 2000] [--max-files 30] [--seeds 5] [--n 1,3,5,10] [--kinds code,docs,data,changelog] [--out FILE]

Of the gold files a bench:swebench run did not show with a body, the points of
file recall Avg that the N files most often changed with askcode's first shown
files would bring back, what else they bring, by file kind and by language,
and how long reading the history takes.
  --run FILE        a bench:swebench result file (--out), one budget read
  --budget N        the run's budget to read (default: its first)
  --mirrors DIR     git mirrors with full history, as for bench:swebench (default ${DEFAULT_MIRRORS})
  --depth N         commits read back from each base commit, base included (default 2000)
  --max-files N     commits touching more files are skipped: merges, formatting, releases (default 30)
  --seeds K         the first K files shown with a body seed the co-change (default 5)
  --n LIST          how many proposed files to count (default 1,3,5,10)
  --kinds LIST      kinds a proposed file may have: code, test, docs, data, changelog (default all but test)
  --out FILE        also write each question's proposed files as JSON
`,
  options: {
    run: { type: "string" },
    budget: { type: "string" },
    mirrors: { type: "string", default: DEFAULT_MIRRORS },
    depth: { type: "string", default: "2000" },
    "max-files": { type: "string", default: "30" },
    seeds: { type: "string", default: "5" },
    n: { type: "string", default: "1,3,5,10" },
    kinds: { type: "string", default: "code,docs,data,changelog" },
    out: { type: "string" },
  },
});
const run = readRunFileOrExit(values.run, "run");
const budget =
  values.budget === undefined ? run.budgets[0] : Number(values.budget);
const depth = wholeNumber(values.depth, "--depth");
const maxFiles = wholeNumber(values["max-files"], "--max-files");
const seedCount = wholeNumber(values.seeds, "--seeds");
const ns = values.n.split(",").map((n) => wholeNumber(n, "--n"));
const kinds = new Set(values.kinds.split(","));

const histories = new Map<string, History>();
const readMs: number[] = [];
const rows: (RecoveryRow & { instanceId: string; support: number[] })[] = [];
for (const result of run.results) {
  if (result.error !== undefined) continue;
  const at = result.budgets.find((b) => b.budget === budget);
  if (at === undefined)
    throw new Error(
      `${result.instanceId} has no budget ${budget} in ${values.run}`,
    );
  const shown = at.systems.askcode.files;
  // A map entry is one signature line; anything longer is a body.
  const body = shown.filter(([, lines]) => lines > 1).map(([file]) => file);
  const mapOnly = new Set(
    shown.filter(([, lines]) => lines <= 1).map(([file]) => file),
  );
  const history = await readHistory(result.repo, result.baseCommit);
  const proposed = rankCoChanged({
    commits: history.commits,
    seeds: body.slice(0, seedCount),
    exclude: new Set(body),
    exists: (file) => history.files.has(file) && kinds.has(coChangeKind(file)),
  }).slice(0, Math.max(...ns));
  rows.push({
    instanceId: result.instanceId,
    language: result.language,
    gold: result.gold.files,
    body: new Set(body),
    mapOnly,
    proposed: proposed.map((c) => c.file),
    support: proposed.map((c) => c.support),
  });
}

const tally = tallyRecovery(rows, ns);
console.log(
  `${tally.questions} questions at ${budget}; seeds: first ${seedCount} shown with a body; history: ${depth} commits to the base, commits over ${maxFiles} files skipped; proposed kinds: ${[...kinds].join(", ")}`,
);
console.log(
  `gold not shown with a body: ${tally.missing.toFixed(1)} points of file recall Avg\n`,
);
console.log(
  "| N | points back | of them map-only before | precision | other files a question |",
);
console.log("|--:|--:|--:|--:|--:|");
for (const at of tally.byN)
  console.log(
    `| ${at.n} | ${at.points.toFixed(1)} | ${at.fromMap.toFixed(1)} | ${(at.precision * 100).toFixed(1)} % | ${at.othersPerQuestion.toFixed(2)} |`,
  );
printGroups("kind of gold file", tally.byKind);
printGroups("language", tally.byLanguage);
console.log(
  `\n| kind of proposed file | ${ns.map((n) => `gold / slots at ${n}`).join(" | ")} |`,
);
console.log(`|:--|${ns.map(() => "--:").join("|")}|`);
for (const [kind, atN] of tally.byProposedKind)
  console.log(
    `| ${kind} | ${ns.map((n) => `${atN[n]?.gold ?? 0} / ${atN[n]?.slots ?? 0}`).join(" | ")} |`,
  );
const sorted = [...readMs].sort((a, b) => a - b);
console.log(
  `\nhistory read (git log + ls-tree) per repository and base: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, p90 ${sorted[Math.floor(sorted.length * 0.9)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms over ${sorted.length} reads`,
);
if (values.out !== undefined)
  writeFileSync(
    values.out,
    JSON.stringify(
      rows.map((r) => ({
        instanceId: r.instanceId,
        language: r.language,
        gold: r.gold,
        body: [...r.body],
        mapOnly: [...r.mapOnly],
        proposed: r.proposed,
        support: r.support,
      })),
    ),
  );

interface History {
  commits: readonly (readonly string[])[];
  files: Set<string>;
}

/** The commits up to and including `sha` and the files at `sha`, read once per repository and commit. */
async function readHistory(repo: string, sha: string): Promise<History> {
  const key = `${repo}@${sha}`;
  const cached = histories.get(key);
  if (cached) return cached;
  const mirror = mirrorPath(values.mirrors, repo);
  const started = performance.now();
  const log = await readGitHistory(mirror, sha, { depth, maxFiles });
  const history: History = {
    commits: log?.commits ?? [],
    files: new Set(
      execFileSync(
        "git",
        // Paths as the gold files spell them, not C-quoted when not ASCII.
        [
          "-c",
          "core.quotePath=false",
          "-C",
          mirror,
          "ls-tree",
          "-r",
          "--name-only",
          sha,
        ],
        { encoding: "utf8", maxBuffer: 1 << 30 },
      ).split("\n"),
    ),
  };
  readMs.push(performance.now() - started);
  histories.set(key, history);
  return history;
}

function printGroups(label: string, groups: Map<string, RecoveryGroup>) {
  console.log(
    `\n| ${label} | points missing | files missing | ${ns.map((n) => `back at ${n} (points, files)`).join(" | ")} |`,
  );
  console.log(`|:--|--:|--:|${ns.map(() => "--:").join("|")}|`);
  for (const [key, g] of [...groups].sort(
    (a, b) => b[1].missing - a[1].missing,
  ))
    console.log(
      `| ${key} | ${g.missing.toFixed(1)} | ${g.files} | ${ns.map((n) => `${(g.recovered[n]?.points ?? 0).toFixed(1)}, ${g.recovered[n]?.files ?? 0}`).join(" | ")} |`,
    );
}

function wholeNumber(text: string, option: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    exitMissingInput(
      `${option} must be a whole number, 1 or more (got "${text}")`,
      "see npm run bench:cochange -- --help",
    );
  return n;
}
