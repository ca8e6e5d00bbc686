// How many of askcode's packed tokens go to files that ranking sets aside as
// generated, vendored or amalgamated (fileAuthorship, docs/architecture/
// retrieval.md 'Generated, vendored and amalgamated files'), with the rule
// off and on, on one index per instance: the rule's before and after, alone.
// Tokens are the packing report's per file (a copy's text shown once counts
// where it is shown). Also counts the gold files shown with a body, the
// gold lines shown verbatim, and the gold files shown at all (with the map).
//   npm run bench:set-aside -- --data FILE [--mirrors DIR] [--languages c,cpp] [--per-repo N] [--budget 13000]
import { indexAtBase } from "./index-at-base.js";
import { fileAuthorship } from "../src/retrieval/rank/set-aside-files.js";
import { retrieveContext } from "../src/retrieval/retrieve-context.js";
import { createTokenCounter } from "../src/tokens/create-token-counter.js";
import { benchCommand, exitMissingInput } from "./parse-bench-command.js";
import { loadInstances, selectInstances } from "./swebench/load-instances.js";
import { DEFAULT_MIRRORS } from "./swebench/parse-bench-args.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:set-aside -- --data FILE [--mirrors DIR] [--languages c,cpp] [--per-repo N] [--budget 13000]

Per language, the share of askcode's packed tokens spent on files its ranking
sets aside (generated, vendored, amalgamated), with the rule off and on, on
one index per instance, and the gold files shown with a body and at all.
  --data FILE        instances, one JSON object a line (as bench:swebench)
  --mirrors DIR      git mirrors, as for bench:swebench (default ${DEFAULT_MIRRORS})
  --languages LIST   the instances' languages to run (default c,cpp)
  --per-repo N       at most N instances of each repository (the first in the file)
  --budget N         the token budget (default 13000)
`,
  options: {
    data: { type: "string" },
    mirrors: { type: "string", default: DEFAULT_MIRRORS },
    languages: { type: "string", default: "c,cpp" },
    "per-repo": { type: "string" },
    budget: { type: "string", default: "13000" },
  },
});
if (values.data === undefined)
  exitMissingInput(
    "bench:set-aside needs --data FILE",
    "SWE-bench-shaped instances as JSON lines (see npm run bench:swebench -- --help)",
  );
const languages = new Set(values.languages.split(","));
const all = await loadInstances(values.data, (note) =>
  process.stderr.write(`${note}\n`),
);
const instances = selectInstances(
  all.filter((i) => languages.has(i.language ?? "python")),
  {
    ...(values["per-repo"] ? { perRepo: Number(values["per-repo"]) } : {}),
  },
);
const budget = Number(values.budget);
const tokenCounter = createTokenCounter({ model: "gpt-4o" });

interface Tally {
  instances: number;
  setAsideTokens: number;
  tokens: number;
  goldFiles: number;
  withBody: number;
  named: number;
}
const empty = (): Tally => ({
  instances: 0,
  setAsideTokens: 0,
  tokens: 0,
  goldFiles: 0,
  withBody: 0,
  named: 0,
});
// "language rule" → tally
const tallies = new Map<string, Tally>();
for (const [n, instance] of instances.entries()) {
  const language = instance.language ?? "python";
  const { files, index } = await indexAtBase(values.mirrors, instance);
  const aside = new Set(
    [...fileAuthorship(index).setAside.keys()].map(
      (id) => index.files[id]?.path,
    ),
  );
  const line: string[] = [];
  for (const setAside of [false, true]) {
    const { context } = retrieveContext({
      files,
      index,
      question: instance.problem_statement,
      budget,
      tokenCounter,
      options: { rank: { setAside } },
    });
    const key = `${language} ${setAside ? "on" : "off"}`;
    const t = tallies.get(key) ?? empty();
    t.instances++;
    let spent = 0;
    for (const f of context.files) {
      t.tokens += f.tokens;
      if (aside.has(f.path)) spent += f.tokens;
    }
    t.setAsideTokens += spent;
    const body = new Set(
      context.pieces
        .filter((p) => p.form === "full" || p.form === "compressed")
        .map((p) => p.path),
    );
    const named = new Set(context.pieces.map((p) => p.path));
    t.goldFiles += instance.gold_files.length;
    t.withBody += instance.gold_files.filter((g) => body.has(g)).length;
    t.named += instance.gold_files.filter((g) => named.has(g)).length;
    tallies.set(key, t);
    line.push(`${setAside ? "on" : "off"} ${spent}/${context.tokensUsed}`);
  }
  process.stderr.write(
    `[${n + 1}/${instances.length}] ${instance.instance_id}: ${aside.size} files set aside; set-aside tokens ${line.join(", ")}\n`,
  );
}

const pct = (a: number, b: number) =>
  `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
const rows = [
  `| language | rule | instances | tokens on set-aside files | gold files with a body (pooled) | gold files shown or named (pooled) |`,
  "|---|---|---:|---:|---:|---:|",
];
for (const [key, t] of [...tallies].sort()) {
  const [language, rule] = key.split(" ");
  rows.push(
    `| ${language} | ${rule} | ${t.instances} | ${pct(t.setAsideTokens, t.tokens)} (${t.setAsideTokens} of ${t.tokens}) | ${pct(t.withBody, t.goldFiles)} | ${pct(t.named, t.goldFiles)} |`,
  );
}
process.stdout.write(`${rows.join("\n")}\n`);
