import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, isAbsolute, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createDerivedCache } from "../../src/retrieval/index/derived-cache.js";
import {
  EVIDENCE_KINDS,
  type EvidenceWeights,
} from "../../src/retrieval/rank/evidence-weights.js";
import { FITTED_WEIGHTS } from "../../src/retrieval/rank/fitted-weights.js";
import { loadInstances, selectInstances } from "../swebench/load-instances.js";
import { partRepositories, splitOption } from "../train/read-split.js";
import { mirrorPath, DEFAULT_MIRROR_LAYOUT } from "../swebench/mirror-path.js";
import { fitPairwise, type Fit, type LabelledChunk } from "./fit-pairwise.js";
import { labelInstance } from "./label-instance.js";
import { runChunkModel } from "./chunk-model-command.js";
import { readWeights } from "../swebench/read-weights.js";
import { CHUNK_MODEL_PATH } from "./render-chunk-model.js";
import { CHUNK_TREES_PATH } from "./render-chunk-trees.js";
import {
  CHUNK_OPTION_FLAGS,
  CHUNK_OPTIONS_USAGE,
  chunkOptionFlags,
  chunkOptionsFromFlags,
} from "../swebench/chunk-options-arg.js";
import {
  FITTED_WEIGHTS_PATH,
  renderFittedWeights,
} from "./render-fitted-weights.js";

const USAGE = `Fits askcode's evidence weights on a corpus of questions and their fixes.

npm run fit:weights -- [options]

  --data FILE       instances as JSON lines (default bench/data/corpus/train.jsonl;
                    npm run bench:corpus builds it)
  --mirrors DIR     git mirrors, {owner}+{name}/repo below DIR (default bench/mirrors)
  --split FILE      a split by repository (bench/train/split.json); with --part
  --part NAME       only the rows of this part's repositories ("training" to fit on
                    the training set without seeing a held-out repository)
  --from FILE       start from these weights (JSON, as bench:swebench --weights)
                    instead of the fitted ones
  --rounds N        rank, label and fit N times, each round ranking with the last
                    round's weights (default 1)
  --out FILE        the fit's JSON: weights per round, loss, pairs (default
                    bench/results/fit-weights.json)
  --fixed KINDS     evidence kinds (comma-separated) kept at their starting weight
                    instead of fitted
  --rows FILE       round 1 fits the labelled chunks saved in FILE (a round's
                    <out>.rows-N.json) instead of ranking the corpus again
  --per-repo N      at most the first N rows of each repository
  --extra-data FILE more instances fitted beside --data's, every row of them, after
                    --split/--part/--per-repo chose --data's: history questions of
                    languages the training set lacks (C and C++: npm run bench:corpus --
                    --recipe bench/corpus/c-family.json --out-dir bench/data/c-family)
  --chunk-model     fit packing's chunk model (bench/weights/fit-chunk-model.ts)
                    instead of the evidence weights: the ranked chunks of each
                    question labelled with the fix's lines, saved beside --out
                    (<out>.chunk-rows.json; --rows FILE fits saved rows again)
${CHUNK_OPTIONS_USAGE}
                         with --chunk-model: label and pack chunks cut this way (a
                         model fitted on one cut is compared on that cut only)
  --l2 X[,Y…]       with --chunk-model: the heads' L2 penalty per weight (default
                    0.001); several values choose each head's by cross-validation
                    over repository folds of the rows fitted (the loss it minimises,
                    on repositories each fold's fit has not seen)
  --folds N         folds of that cross-validation, repositories sorted by name
                    (default 4)
  --without-history with --chunk-model: label and choose the knobs as for a tree
                    with no history (the App's tarball): the history signals 0 and
                    no co-change tier; the shipped model is fitted so
  --trees           with --chunk-model: boost regression trees on top of the linear
                    heads (bench/weights/boost-trees.ts), each head's rounds chosen
                    by cross-validation over --folds repository folds; --write
                    also rewrites ${CHUNK_TREES_PATH}
  --write           rewrite ${FITTED_WEIGHTS_PATH} with the last round's weights
                    (with --chunk-model: ${CHUNK_MODEL_PATH})
  -h, --help        this text
`;

// A weight of 0 hides its kind's measure; rank with this much to see it.
const PROBE_WEIGHT = 0.05;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      data: { type: "string", default: "bench/data/corpus/train.jsonl" },
      mirrors: { type: "string", default: "bench/mirrors" },
      split: { type: "string" },
      part: { type: "string" },
      from: { type: "string" },
      rows: { type: "string" },
      fixed: { type: "string", default: "" },
      rounds: { type: "string", default: "1" },
      out: { type: "string", default: "bench/results/fit-weights.json" },
      write: { type: "boolean", default: false },
      "per-repo": { type: "string" },
      "extra-data": { type: "string" },
      "chunk-model": { type: "boolean", default: false },
      l2: { type: "string" },
      folds: { type: "string" },
      trees: { type: "boolean", default: false },
      "without-history": { type: "boolean", default: false },
      ...CHUNK_OPTION_FLAGS,
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) {
    process.stderr.write(
      `--rounds must be a positive integer, got "${values.rounds}".\n\n${USAGE}`,
    );
    return 2;
  }
  const fixed = values.fixed
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k !== "");
  const unknown = fixed.filter(
    (k) => !(EVIDENCE_KINDS as readonly string[]).includes(k),
  );
  if (unknown.length > 0) {
    process.stderr.write(
      `--fixed: ${unknown.join(", ")} is not an evidence kind (${EVIDENCE_KINDS.join(", ")}).\n\n${USAGE}`,
    );
    return 2;
  }
  let split: ReturnType<typeof splitOption>;
  let repos: Set<string> | undefined;
  try {
    split = splitOption(values.split, values.part);
    repos = split ? partRepositories(split) : undefined;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const perRepo =
    values["per-repo"] === undefined ? undefined : Number(values["per-repo"]);
  if (perRepo !== undefined && (!Number.isInteger(perRepo) || perRepo < 1)) {
    process.stderr.write(
      `--per-repo must be a positive integer, got "${values["per-repo"]}".\n\n${USAGE}`,
    );
    return 2;
  }
  const l2 = values.l2?.split(",").map((v) => Number(v.trim()));
  if (l2 && !l2.every((v) => Number.isFinite(v) && v >= 0)) {
    process.stderr.write(
      `--l2 must be numbers ≥ 0 separated by commas, got "${values.l2}".\n\n${USAGE}`,
    );
    return 2;
  }
  const folds = values.folds === undefined ? undefined : Number(values.folds);
  if (folds !== undefined && (!Number.isInteger(folds) || folds < 2)) {
    process.stderr.write(
      `--folds must be an integer ≥ 2, got "${values.folds}".\n\n${USAGE}`,
    );
    return 2;
  }
  if (values.trees && !values["chunk-model"]) {
    process.stderr.write(
      `--trees boosts the chunk model's heads: give --chunk-model with it.\n\n${USAGE}`,
    );
    return 2;
  }
  if (values["without-history"] && !values["chunk-model"]) {
    process.stderr.write(
      `--without-history fits the chunk model without the history signals: give --chunk-model with it.\n\n${USAGE}`,
    );
    return 2;
  }
  let chunk: ReturnType<typeof chunkOptionsFromFlags>;
  try {
    chunk = chunkOptionsFromFlags(values);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (chunk && !values["chunk-model"]) {
    process.stderr.write(
      `--chunk-max-tokens and --chunk-merge-tokens cut the chunk model's rows: give --chunk-model with them.\n\n${USAGE}`,
    );
    return 2;
  }
  const start = values.from ? readWeights(values.from) : FITTED_WEIGHTS;
  const skipped = (note: string) => process.stderr.write(`${note}\n`);
  const extra = values["extra-data"];
  if (extra !== undefined && !existsSync(extra)) {
    process.stderr.write(
      `--extra-data: no file at ${extra} (npm run bench:corpus -- --recipe bench/corpus/c-family.json --out-dir DIR writes the C and C++ history questions).\n\n${USAGE}`,
    );
    return 2;
  }
  const instances = [
    ...selectInstances(await loadInstances(values.data, skipped), {
      ...(repos ? { repos } : {}),
      ...(perRepo ? { perRepo } : {}),
    }),
    ...(extra ? await loadInstances(extra, skipped) : []),
  ];
  // The command as a reader reruns it, without this machine's paths: the
  // data by its file's name (the training rows stay outside the repository),
  // so the written file is the same bytes wherever they are kept.
  const command = (...flags: string[]) =>
    [
      "npm run fit:weights --",
      ...(values.data !== "bench/data/corpus/train.jsonl"
        ? [`--data ${basename(values.data)}`]
        : []),
      ...(split ? [`--split ${split.path} --part ${split.part}`] : []),
      ...(perRepo ? [`--per-repo ${perRepo}`] : []),
      ...(extra ? [`--extra-data ${portablePath(extra)}`] : []),
      ...flags,
      "--write",
    ].join(" ");
  if (values["chunk-model"]) {
    await runChunkModel({
      instances,
      mirrors: values.mirrors,
      out: values.out,
      ...(values.rows ? { rows: values.rows } : {}),
      ...(l2 ? { l2 } : {}),
      ...(folds ? { folds } : {}),
      ...(values.trees ? { trees: true } : {}),
      ...(chunk ? { chunk } : {}),
      ...(values["without-history"] ? { withoutHistory: true } : {}),
      ...(values.write
        ? {
            write: command(
              "--chunk-model",
              ...(l2 ? [`--l2 ${l2.join(",")}`] : []),
              ...(folds ? [`--folds ${folds}`] : []),
              ...(values.trees ? ["--trees"] : []),
              ...(values["without-history"] ? ["--without-history"] : []),
              ...chunkOptionFlags(chunk),
            ),
          }
        : {}),
      log: (line) => process.stderr.write(`${line}\n`),
    });
    return 0;
  }
  mkdirSync(dirname(resolve(values.out)), { recursive: true });
  const derived = createDerivedCache({ maxBytes: 2 * 1024 ** 3 });
  let weights: EvidenceWeights = start;
  const fits: Fit[] = [];
  for (let round = 1; round <= rounds; round++) {
    const probing = Object.fromEntries(
      EVIDENCE_KINDS.map((k) => [k, Math.max(weights[k], PROBE_WEIGHT)]),
    ) as unknown as EvidenceWeights;
    const saved = round === 1 && values.rows ? values.rows : undefined;
    const questions: LabelledChunk[][] = saved
      ? (JSON.parse(readFileSync(saved, "utf8")) as LabelledChunk[][])
      : [];
    for (const [n, instance] of saved ? [] : instances.entries()) {
      const rows = await labelInstance({
        instance,
        mirror: mirrorPath(
          values.mirrors,
          instance.repo,
          DEFAULT_MIRROR_LAYOUT,
        ),
        weights: probing,
        derived,
      });
      questions.push(rows);
      process.stderr.write(
        `round ${round} [${n + 1}/${instances.length}] ${instance.instance_id}: ${rows.filter((r) => r.label === 2).length} chunks hold changed lines\n`,
      );
    }
    if (!saved)
      writeFileSync(
        `${resolve(values.out)}.rows-${round}.json`,
        JSON.stringify(questions),
      );
    const fit = fitPairwise(questions, {
      prior: weights,
      fixed: fixed as (keyof EvidenceWeights)[],
    });
    fits.push(fit);
    process.stderr.write(
      `round ${round}: ordered ${(100 * fit.ordered.prior).toFixed(1)}% → ${(100 * fit.ordered.fitted).toFixed(1)}% of ${fit.pairs} pairs; ${JSON.stringify(fit.weights)}\n`,
    );
    weights = fit.weights;
  }
  const out = resolve(values.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify({ data: values.data, split, start, rounds: fits }, null, 1) +
      "\n",
  );
  process.stdout.write(`${JSON.stringify(weights)}\nwrote ${out}\n`);
  if (values.write) {
    const last = fits[fits.length - 1] as Fit;
    const written = command(
      ...(fixed.length > 0 ? [`--fixed ${fixed.join(",")}`] : []),
      ...(rounds !== 1 ? [`--rounds ${rounds}`] : []),
    );
    writeFileSync(FITTED_WEIGHTS_PATH, renderFittedWeights(last, written));
    process.stdout.write(`wrote ${FITTED_WEIGHTS_PATH}\n`);
  }
  return 0;
}

/**
 * A path as the written command names it: one inside the repository as
 * given (the extra rows are rebuilt there by `bench:corpus`), one outside
 * by its file's name, as `--data`.
 */
function portablePath(path: string): string {
  const inside = relative(process.cwd(), resolve(path));
  return inside.startsWith("..") || isAbsolute(inside)
    ? basename(path)
    : inside;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
