// Writes the training set's split by repository (bench/train/README.md):
//   npm run bench:train-split -- --data ../shared/…/train.jsonl
// The rows stay outside the repository; only the lists of repositories are
// committed, so the path to the rows is an argument.
import { writeFileSync } from "node:fs";
import { benchCommand, exitMissingInput } from "../parse-bench-command.js";
import { loadInstances } from "../swebench/load-instances.js";
import { HELD_OUT_SHARE, splitByRepository } from "./split-by-repository.js";
import { renderSplitCounts } from "./render-split-counts.js";

const DEFAULT_OUT = "bench/train/split.json";

const { values } = benchCommand({
  usage: `usage: npm run bench:train-split -- --data FILE [--share X] [--out FILE]

Splits a training set's rows by repository, language by language, into a
held-out part (about a quarter of each language's rows) and a training part,
and writes the two lists of repositories as JSON. Deterministic: the same rows
give the same bytes. Prints the counts per language and part.

  --data FILE    the rows, one instance a line (train.jsonl of the training set)
  --share X      the share of each language's rows to hold out (default ${HELD_OUT_SHARE})
  --out FILE     where the split goes (default ${DEFAULT_OUT})`,
  options: {
    data: { type: "string" },
    share: { type: "string", default: String(HELD_OUT_SHARE) },
    out: { type: "string", default: DEFAULT_OUT },
  },
});

if (values.data === undefined)
  exitMissingInput(
    "no --data",
    "name the training set's train.jsonl (bench/train/README.md says where it comes from)",
  );
const rows = await loadInstances(values.data);
let split;
try {
  split = splitByRepository(rows, Number(values.share));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}
writeFileSync(values.out, JSON.stringify(split, null, 2) + "\n");
process.stdout.write(
  `${renderSplitCounts(rows, split)}\nWrote ${values.out}.\n`,
);
