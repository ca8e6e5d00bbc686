// How much of askcode's packed context goes to files ranking sets aside as
// generated, vendored or amalgamated (fileAuthorship, docs/architecture/
// retrieval.md 'Generated, vendored and amalgamated files'), per language, in
// one or more bench:swebench result files: each instance's repository is read
// again at its base commit and judged by the current rule, so a run made
// before the rule existed is measured the same way as one made after.
// Shares are of the lines shown as code (the results keep lines per file, not
// tokens).
//   npm run bench:set-aside -- --results before.json --results after.json [--mirrors DIR] [--languages c,cpp]
import { readFileSync } from "node:fs";
import { createLocalCodeHost } from "../src/code-host/local/local-code-host.js";
import type { InstanceResult } from "../src/eval/result-types.js";
import { loadGrammarsFor } from "../src/retrieval/chunks/chunk-file.js";
import { indexRepository } from "../src/retrieval/index/index-repository.js";
import { fileAuthorship } from "../src/retrieval/rank/set-aside-files.js";
import { readRepositoryFiles } from "../src/retrieval/read-repository-files.js";
import { benchCommand, exitMissingInput } from "./parse-bench-command.js";
import { mirrorPath } from "./swebench/mirror-path.js";
import { DEFAULT_MIRRORS } from "./swebench/parse-bench-args.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:set-aside -- --results FILE [--results FILE …] [--mirrors DIR] [--languages c,cpp]

For each bench:swebench result file, the share of the lines askcode showed as
code that are in files its ranking sets aside (generated, vendored,
amalgamated), per language and budget, judged by the current rule on each
instance's repository at its base commit.
  --results FILE     a bench:swebench --out file (repeat to compare runs)
  --mirrors DIR      git mirrors, as for bench:swebench (default ${DEFAULT_MIRRORS})
  --languages LIST   the instances' languages to read (default c,cpp)
`,
  options: {
    results: { type: "string", multiple: true },
    mirrors: { type: "string", default: DEFAULT_MIRRORS },
    languages: { type: "string", default: "c,cpp" },
  },
});
const files = values.results ?? [];
if (files.length === 0)
  exitMissingInput(
    "no --results file",
    "run npm run bench:swebench -- --out FILE first, then pass FILE",
  );
const languages = new Set(values.languages.split(","));
const runs = files.map((path) => {
  const report = JSON.parse(readFileSync(path, "utf8")) as {
    results: InstanceResult[];
  };
  return new Map(report.results.map((r) => [r.instanceId, r]));
});

// Instances of the first file, in its order, that every file ran.
const instances = [...(runs[0]?.values() ?? [])].filter(
  (r) =>
    !r.error &&
    languages.has(r.language) &&
    runs.every((run) => run.has(r.instanceId) && !run.get(r.instanceId)?.error),
);
// run → "language @budget" → [set-aside lines, all lines, instances showing any]
const tally = runs.map(() => new Map<string, [number, number, number]>());
for (const [n, instance] of instances.entries()) {
  const host = createLocalCodeHost({
    root: mirrorPath(values.mirrors, instance.repo),
  });
  const { sha } = await host.resolveRef(instance.baseCommit);
  const { files: read } = await readRepositoryFiles(host.at(sha));
  await loadGrammarsFor(read);
  const index = indexRepository(read);
  const { setAside } = fileAuthorship(index);
  const asidePaths = new Set(
    [...setAside.keys()].map((id) => index.files[id]?.path),
  );
  for (const [k, run] of runs.entries()) {
    for (const budget of run.get(instance.instanceId)?.budgets ?? []) {
      const key = `${instance.language} @${budget.budget}`;
      const row = tally[k]?.get(key) ?? [0, 0, 0];
      let aside = 0;
      for (const [path, lines] of budget.systems.askcode.files) {
        row[1] += lines;
        if (asidePaths.has(path)) aside += lines;
      }
      row[0] += aside;
      if (aside > 0) row[2]++;
      tally[k]?.set(key, row);
    }
  }
  process.stderr.write(
    `[${n + 1}/${instances.length}] ${instance.instanceId}: ${asidePaths.size} files set aside\n`,
  );
}

const out = [
  "| results | language @budget | instances | lines shown in set-aside files | instances showing any |",
  "|---|---|---:|---:|---:|",
];
for (const [k, path] of files.entries()) {
  for (const [key, [aside, all, showing]] of [...(tally[k] ?? [])].sort()) {
    const count = instances.filter((i) =>
      key.startsWith(`${i.language} `),
    ).length;
    out.push(
      `| ${path} | ${key} | ${count} | ${((100 * aside) / Math.max(1, all)).toFixed(1)} % (${aside} of ${all}) | ${showing} |`,
    );
  }
}
process.stdout.write(`${out.join("\n")}\n`);
