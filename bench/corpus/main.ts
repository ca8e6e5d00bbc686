// Rebuilds the training corpus (issue 22, "weights learned, not tuned by
// hand"): question → changed-files instances from repositories in neither dev
// set, split by repository into a training part and a held-out part, as
// bench/corpus/recipe.json pins them. See bench/corpus/README.md.
//   npm run bench:corpus -- --mirrors DIR [--recipe FILE] [--out-dir DIR]
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchCommand } from "../parse-bench-command.js";
import { DEFAULT_MIRROR_LAYOUT } from "../swebench/mirror-path.js";
import { DEFAULT_MIRRORS } from "../swebench/parse-bench-args.js";
import { buildCorpus, corpusJsonl, type Corpus } from "./build-corpus.js";
import { parseRecipe } from "./recipe.js";

const { values } = benchCommand({
  usage: `usage: npm run bench:corpus -- [options]

Writes the corpus the recipe pins, as JSON lines the SWE-bench harness reads
(--data): OUT/train.jsonl and OUT/heldout.jsonl. Reads git mirrors only.

  --recipe FILE          the recipe (default bench/corpus/recipe.json)
  --mirrors DIR          directory holding the git mirrors (default $SWEBENCH_MIRRORS,
                         else ${DEFAULT_MIRRORS})
  --mirror-layout PATH   a mirror's path below DIR (default "${DEFAULT_MIRROR_LAYOUT}")
  --out-dir DIR          where the two files go (default bench/data/corpus, ignored by git)
  -h, --help             this text`,
  options: {
    recipe: { type: "string", default: "bench/corpus/recipe.json" },
    mirrors: { type: "string" },
    "mirror-layout": { type: "string", default: DEFAULT_MIRROR_LAYOUT },
    "out-dir": { type: "string", default: "bench/data/corpus" },
  },
});

// The gold comes from `git diff`: a user's diff.noprefix, color or
// diff.algorithm would change it, so git reads no configuration but the
// mirror's own (questionsFromHistory's git inherits this environment).
process.env.GIT_CONFIG_NOSYSTEM = "1";
process.env.GIT_CONFIG_GLOBAL = "/dev/null";

let corpus: Corpus;
try {
  corpus = buildCorpus(
    parseRecipe(readFileSync(values.recipe, "utf8"), values.recipe),
    {
      mirrors:
        values.mirrors ?? process.env.SWEBENCH_MIRRORS ?? DEFAULT_MIRRORS,
      layout: values["mirror-layout"],
    },
  );
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}
mkdirSync(values["out-dir"], { recursive: true });
for (const [part, rows] of Object.entries(corpus.parts)) {
  const text = corpusJsonl(rows);
  const file = join(values["out-dir"], `${part}.jsonl`);
  writeFileSync(file, text);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.repo, (counts.get(r.repo) ?? 0) + 1);
  const sha = createHash("sha256").update(text).digest("hex");
  process.stdout.write(
    `${file}: ${rows.length} instances, sha256 ${sha}\n${[...counts]
      .map(([repo, n]) => `  ${repo} ${n}\n`)
      .join("")}`,
  );
}
for (const note of corpus.notes) process.stderr.write(`note: ${note}\n`);
