// Where a packed context's tokens go, on real issues at one budget: code
// shown whole or cut to its structure by its file's kind, the map's
// signature lines, the overhead (headers, fences, omission markers, notes)
// and the budget left unused, each with the fix's lines it shows per 1,000
// tokens; then the code shown in rank order by fifths of its tokens, the
// last fifth being what the lowest-ranked code shown buys. Beside
// bench:gold-lines --relations (what the code not shown would buy), it says
// whether moving tokens from one part to another can show more of a fix.
//   npm run bench:token-spend -- --data FILE [--mirrors DIR] [--budget 13000]
//     [--every 4] [--split bench/train/split.json --part held-out] [--per-repo N]
import { fileKind } from "../../src/text/file-kind.js";
import { readGitHistory } from "../../src/retrieval/history/read-git-history.js";
import { retrieveContext } from "../../src/retrieval/retrieve-context.js";
import { createTokenCounter } from "../../src/tokens/create-token-counter.js";
import { DEFAULT_MIRROR_LAYOUT, mirrorPath } from "../swebench/mirror-path.js";
import { benchCommand } from "../parse-bench-command.js";
import { positiveInteger } from "../swebench/positive-integer-arg.js";
import { studyInstances } from "../history/study-instances.js";
import { indexInstance } from "../weights/index-instance.js";
import { spendOfContext } from "./spend-of-context.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:token-spend -- --data FILE [--mirrors DIR] [--budget 13000] [--every 4]
         [--split FILE --part training|held-out] [--per-repo N]

Where the packed context's tokens go for the instances (JSON lines in FILE)
and the gold lines each part shows per 1,000 tokens, packed as bench:swebench
packs (the shipped chunk model, the mirror's history back from the base
commit). --split/--part keep one part's repositories and --per-repo N the
first N rows of each, then --every N takes every Nth instance.`,
  options: {
    data: { type: "string" },
    mirrors: { type: "string" },
    budget: { type: "string", default: "13000" },
    every: { type: "string", default: "4" },
    split: { type: "string" },
    part: { type: "string" },
    "per-repo": { type: "string" },
  },
});
let budget: number;
let every: number;
let chosen: Awaited<ReturnType<typeof studyInstances>>;
try {
  budget = positiveInteger("--budget", values.budget) as number;
  every = positiveInteger("--every", values.every) as number;
  chosen = await studyInstances(values, "bench:token-spend");
} catch (error) {
  // A number or a split it cannot use: said in one line, not a stack.
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}
const { mirrors } = chosen;
const instances = chosen.instances.filter((_, i) => i % every === 0);
const tokenCounter = createTokenCounter({ model: "gpt-4o" });
const parts = new Map<string, { tokens: number; goldLines: number }>();
const fifths = Array.from({ length: 5 }, () => ({ tokens: 0, goldLines: 0 }));
for (const instance of instances) {
  const mirror = mirrorPath(mirrors, instance.repo, DEFAULT_MIRROR_LAYOUT);
  const { index, goldByPath } = await indexInstance(instance, mirror);
  const history = await readGitHistory(mirror, instance.base_commit);
  const { context } = retrieveContext({
    files: [],
    index,
    question: instance.problem_statement,
    budget,
    tokenCounter,
    ...(history ? { history } : {}),
  });
  const spend = spendOfContext(
    context,
    (path, line) => goldByPath.get(path)?.has(line) ?? false,
    fileKind,
  );
  for (const [part, { tokens, goldLines }] of spend.parts) {
    const held = parts.get(part) ?? { tokens: 0, goldLines: 0 };
    held.tokens += tokens;
    held.goldLines += goldLines;
    parts.set(part, held);
  }
  for (const [i, fifth] of spend.fifths.entries()) {
    const held = fifths[i] as (typeof fifths)[number];
    held.tokens += fifth.tokens;
    held.goldLines += fifth.goldLines;
  }
  process.stderr.write(`${instance.instance_id}\n`);
}
const n = instances.length;
const perThousand = (lines: number, tokens: number) =>
  tokens > 0 ? ((1000 * lines) / tokens).toFixed(2) : "-";
process.stdout.write(
  `Where ${n} packed contexts' tokens went (every ${every}th instance) at ${budget} tokens:\n\n| part | tokens per question | share of the budget | gold lines per 1,000 tokens |\n|:--|--:|--:|--:|\n`,
);
for (const [part, held] of [...parts].sort((a, b) => b[1].tokens - a[1].tokens))
  process.stdout.write(
    `| ${part} | ${(held.tokens / n).toFixed(0)} | ${((100 * held.tokens) / (budget * n)).toFixed(1)}% | ${perThousand(held.goldLines, held.tokens)} |\n`,
  );
process.stdout.write(
  `\nThe code shown, in rank order, by fifths of each question's code tokens:\n\n| fifth | gold lines per 1,000 tokens |\n|:--|--:|\n`,
);
for (const [i, fifth] of fifths.entries())
  process.stdout.write(
    `| ${i + 1} | ${perThousand(fifth.goldLines, fifth.tokens)} |\n`,
  );
