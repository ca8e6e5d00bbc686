// What share of the code askcode shows whole is licence headers, long
// comments, doc comments past their first paragraph and long import runs
// (what `PackOptions.elide` may leave out: `elideLines`), and what share of
// the fix's lines shown fall in them: whether eliding them could pay.
// Packs with the shipped defaults (nothing elided), then asks each kind
// alone what it would leave out of each piece shown whole.
//   npm run bench:elidable -- --data FILE [--mirrors DIR] [--budget 13000] [--every 2]
//     [--split bench/train/split.json --part training] [--per-repo N]
import { indexAtBase } from "./index-at-base.js";
import {
  elideLines,
  type ElideKind,
} from "../src/retrieval/pack/elide-lines.js";
import { omittedMarkerFor } from "../src/retrieval/pack/render-context.js";
import { retrieveContext } from "../src/retrieval/retrieve-context.js";
import { createTokenCounter } from "../src/tokens/create-token-counter.js";
import { splitFileLines } from "../src/eval/file-lines.js";
import { goldLines } from "../src/eval/gold-lines.js";
import { languageRowFor } from "../src/text/languages.js";
import { loadInstances, selectInstances } from "./swebench/load-instances.js";
import { partRepositories, splitOption } from "./train/read-split.js";
import { DEFAULT_MIRRORS } from "./swebench/parse-bench-args.js";
import { benchCommand, exitMissingInput } from "./parse-bench-command.js";

const KINDS: readonly ElideKind[] = [
  "licence",
  "comment",
  "doc",
  "docstring",
  "imports",
];

const { values } = benchCommand({
  usage: `usage: npm run bench:elidable -- --data FILE [--mirrors DIR] [--budget 13000] [--every 2]
         [--split FILE --part training|held-out] [--per-repo N]

Per language and kind (PackOptions.elide), the share of the tokens of code
shown whole that eliding would leave out, and the fix's lines shown whole
that fall in them. --split/--part and --per-repo choose rows as bench:swebench
does; --every N then takes every Nth.`,
  options: {
    data: { type: "string" },
    mirrors: { type: "string" },
    budget: { type: "string", default: "13000" },
    every: { type: "string", default: "2" },
    split: { type: "string" },
    part: { type: "string" },
    "per-repo": { type: "string" },
  },
});
if (!values.data)
  exitMissingInput(
    "bench:elidable needs --data FILE (SWE-bench instances as JSON lines)",
    "npm run bench:swebench -- --help says how to get them",
  );
const budget = Number(values.budget);
const every = Number(values.every);
const perRepo =
  values["per-repo"] === undefined ? undefined : Number(values["per-repo"]);
const split = splitOption(values.split, values.part);
const repos = split ? partRepositories(split) : undefined;
const mirrors =
  values.mirrors ?? process.env.SWEBENCH_MIRRORS ?? DEFAULT_MIRRORS;
const instances = selectInstances(await loadInstances(values.data), {
  ...(repos ? { repos } : {}),
  ...(perRepo ? { perRepo } : {}),
}).filter((_, i) => i % every === 0);
const tokenCounter = createTokenCounter({ model: "gpt-4o" });

// Per language ("all" too): tokens and gold lines shown whole, and per kind
// the tokens and gold lines it would leave out.
interface Tally {
  tokens: number;
  gold: number;
  kinds: Map<ElideKind, { tokens: number; gold: number }>;
}
const tallies = new Map<string, Tally>();
const tallyOf = (language: string): Tally => {
  let t = tallies.get(language);
  if (!t) {
    t = { tokens: 0, gold: 0, kinds: new Map() };
    tallies.set(language, t);
  }
  return t;
};

for (const instance of instances) {
  const { files, index } = await indexAtBase(mirrors, instance);
  const { context } = retrieveContext({
    files,
    index,
    question: instance.problem_statement,
    budget,
    tokenCounter,
  });
  const texts = new Map(files.map((f) => [f.path, splitFileLines(f.text)]));
  const gold = new Set(
    goldLines(instance.gold_hunks, (p) => texts.get(p)).lines.map(
      (g) => `${g.path}:${g.line}`,
    ),
  );
  for (const piece of context.pieces) {
    if (piece.form !== "full") continue;
    const lines = texts
      .get(piece.path)
      ?.slice(piece.startLine - 1, piece.endLine);
    if (!lines) continue;
    const language = languageRowFor(piece.path)?.fence ?? "other";
    const goldIn = (a: number, b: number): number => {
      let n = 0;
      for (let l = a; l <= b; l++) if (gold.has(`${piece.path}:${l}`)) n++;
      return n;
    };
    for (const t of [tallyOf(language), tallyOf("all")]) {
      t.tokens += piece.tokens;
      t.gold += goldIn(piece.startLine, piece.endLine);
    }
    const chunk = {
      path: piece.path,
      text: lines.join("\n"),
      startLine: piece.startLine,
    };
    for (const kind of KINDS) {
      const elided = elideLines(chunk, {
        kinds: [kind],
        marker: omittedMarkerFor(piece.path),
      });
      for (const [a, b] of elided?.omitted ?? []) {
        const tokens = tokenCounter.count(
          lines.slice(a - piece.startLine, b - piece.startLine + 1).join("\n"),
        );
        for (const t of [tallyOf(language), tallyOf("all")]) {
          const k = t.kinds.get(kind) ?? { tokens: 0, gold: 0 };
          k.tokens += tokens;
          k.gold += goldIn(a, b);
          t.kinds.set(kind, k);
        }
      }
    }
  }
  process.stderr.write(".");
}
process.stderr.write("\n");

const pct = (a: number, b: number) =>
  b > 0 ? `${((100 * a) / b).toFixed(1)} %` : "-";
console.log(
  `${instances.length} questions at ${budget} tokens: per language, tokens and gold lines shown whole, and the share of each a kind would elide`,
);
console.log(
  ["language", "tokens", "gold", ...KINDS.map((k) => `${k} tok / gold`)].join(
    " | ",
  ),
);
for (const [language, t] of [...tallies].sort(
  (a, b) => b[1].tokens - a[1].tokens,
))
  console.log(
    [
      language,
      t.tokens,
      t.gold,
      ...KINDS.map((k) => {
        const e = t.kinds.get(k) ?? { tokens: 0, gold: 0 };
        return `${pct(e.tokens, t.tokens)} / ${pct(e.gold, t.gold)} (${e.gold})`;
      }),
    ].join(" | "),
  );
