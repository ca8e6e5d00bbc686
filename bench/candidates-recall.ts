/**
 * Candidates mode's file recall on SWE-bench instances, read locally: for
 * each instance, a reader over the repository's git mirror at `base_commit`
 * says reading it whole is not cheap, so `collectFiles` picks candidates as it
 * does for a repository over the snapshot cap on GitHub. The local host's
 * search (pattern, then path, then tokenized) stands in for GitHub code
 * search: it finds literal matches at the commit itself, where GitHub's
 * index holds the default branch and ANDs words, so code search's share here
 * is an estimate. The table gives, per repository, the mean share of gold
 * files among the files read (file recall), the instances with every gold
 * file read, and the mean count of files read.
 *
 * Run on any branch that has `collectFiles` (before/after a change):
 *   npm run bench:candidates -- --instances <dev.jsonl> --mirrors <dir> [--limit N]
 */
import { readFileSync } from "node:fs";
import type { CodeReader } from "../src/code-host/code-host.js";
import { createLocalCodeHost } from "../src/code-host/local/local-code-host.js";
import { candidateQueries } from "../src/retrieval/candidates/candidate-queries.js";
import { collectFiles } from "../src/retrieval/candidates/collect-files.js";
import { parseInstances } from "./swebench/load-instances.js";
import { mirrorPath } from "./swebench/mirror-path.js";
import { benchCommand, exitMissingInput } from "./parse-bench-command.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:candidates -- --instances FILE.jsonl --mirrors DIR [--limit N] [--notes]

Candidates mode's file recall on SWE-bench instances (JSON lines) read from
the git mirrors DIR/<owner>+<name>/repo. npm run bench:swebench -- --help
says how to get both. --notes prints a line per instance.`,
  options: {
    instances: { type: "string" },
    mirrors: { type: "string" },
    limit: { type: "string" },
    notes: { type: "boolean", default: false },
  },
});
const instancesPath = values.instances;
const mirrors = values.mirrors;
if (!instancesPath || !mirrors)
  exitMissingInput(
    "bench:candidates needs --instances FILE.jsonl and --mirrors DIR",
    "npm run bench:swebench -- --help says how to get SWE-bench instances and mirrors",
  );
const limit = Number(values.limit ?? Infinity);
const instances = parseInstances(
  readFileSync(instancesPath, "utf8"),
  instancesPath,
).slice(0, limit);

interface Row {
  repo: string;
  recall: number;
  all: boolean;
  read: number;
  note: string;
}
const rows: Row[] = [];
for (const instance of instances) {
  const host = createLocalCodeHost({
    root: mirrorPath(mirrors, instance.repo),
  });
  try {
    const { sha } = await host.resolveRef(instance.base_commit);
    const local = host.at(sha);
    const reader: CodeReader = {
      sha: local.sha,
      searchCode: (q) => local.searchCode(q),
      readFile: (p, o) => local.readFile(p, o),
      listDirectory: (p, o) => local.listDirectory(p, o),
      listTree: () => local.listTree(),
      wholeRepository: async () => ({
        cheap: false,
        why: "read as candidates for the bench",
      }),
    };
    const question = instance.problem_statement;
    const collected = await collectFiles(reader, candidateQueries(question), {
      // 0: main's rule (the tree's text over the cap) forces candidates too.
      maxRepositoryBytes: 0,
      exclude: () => false,
      question,
    });
    const read = new Set(collected.files.map((f) => f.path));
    const found = instance.gold_files.filter((p) => read.has(p)).length;
    rows.push({
      repo: instance.repo,
      recall: found / instance.gold_files.length,
      all: found === instance.gold_files.length,
      read: read.size,
      note: collected.note ?? "",
    });
  } finally {
    await host.close();
  }
}

const groups = new Map<string, Row[]>();
for (const row of rows)
  groups.set(row.repo, [...(groups.get(row.repo) ?? []), row]);
groups.set("all", rows);
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
console.log(
  "| repository | instances | file recall | every gold file read | files read |",
);
console.log("|---|---:|---:|---:|---:|");
for (const [repo, group] of groups) {
  const mean = (f: (r: Row) => number) =>
    group.reduce((s, r) => s + f(r), 0) / group.length;
  console.log(
    `| ${repo} | ${group.length} | ${pct(mean((r) => r.recall))} | ${pct(mean((r) => (r.all ? 1 : 0)))} | ${mean((r) => r.read).toFixed(1)} |`,
  );
}
if (values.notes) for (const row of rows) console.log(row.note);
