import type { ChunkOptions } from "../../src/retrieval/chunks/chunk-file.js";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { format, resolveConfig } from "prettier";
import { createDerivedCache } from "../../src/retrieval/index/derived-cache.js";
import type { Instance } from "../../src/eval/instance.js";
import { DEFAULT_MIRROR_LAYOUT, mirrorPath } from "../swebench/mirror-path.js";
import { selectInstances } from "../swebench/load-instances.js";
import { createTokenCounter } from "../../src/tokens/create-token-counter.js";
import {
  FIT_STEPS,
  fitChunkModel,
  type ChunkModelFit,
  type HeadL2,
} from "./fit-chunk-model.js";
import {
  crossValidateTrees,
  fitChunkTrees,
  TREE_BOOST,
  type TreeChoice,
} from "./fit-chunk-trees.js";
import { crossValidateL2, type L2Choice } from "./cross-validate-l2.js";
import { indexInstance } from "./index-instance.js";
import { readGitHistory } from "../../src/retrieval/history/read-git-history.js";
import { labelChunks, type QuestionRows } from "./label-chunks.js";
import { withoutHistorySignals } from "./without-history-signals.js";
import { knobSearch, type KnobGrid } from "./packing-knobs.js";
import { CHUNK_MODEL_PATH, renderChunkModel } from "./render-chunk-model.js";
import { CHUNK_TREES_PATH, renderChunkTrees } from "./render-chunk-trees.js";

/**
 * The packing knobs' values the fit tries (`knobSearch`), every combination
 * packed on every question: the neighbourhood of the best of 84 points
 * packed by `bench:swebench --variants` on the training part's first 2 rows
 * per repository (docs/benchmark.md, "The chunk model"), kept small as each
 * point packs every question once more.
 */
export const KNOB_GRID: KnobGrid = {
  newFile: [0.1, 0.15, 0.2, 0.25],
  cost: [0.75, 0.9],
  strong: [0.7, 1.01],
};
/** The budget the knobs are chosen at: issue 38's 13k, the map's share in it. */
export const KNOB_BUDGET = 13_000;
/**
 * The knobs are chosen on the first rows of each repository of the fit's
 * (`--per-repo 2` of the training part: 132 questions): a question is
 * ranked again and packed once per point, and more rows cost more time
 * than the choice gains.
 */
export const KNOB_PER_REPO = 2;
/** Repository folds of the L2's cross-validation: four, each fitted on three quarters of the repositories. */
export const DEFAULT_FOLDS = 4;

export interface ChunkModelCommand {
  instances: readonly Instance[];
  mirrors: string;
  /** The fit's JSON; the labelled rows go beside it (`<out>.chunk-rows.json`). */
  out: string;
  /** Fit these saved rows, those of `instances`, instead of labelling the instances again (the knobs still pack them). */
  rows?: string;
  /**
   * The L2 penalty: one value for both heads, or several to choose each
   * head's from by cross-validation over `folds` repository folds
   * (`crossValidateL2`). None: the fit's default.
   */
  l2?: readonly number[];
  /** Repository folds of the cross-validation (default 4). */
  folds?: number;
  /**
   * Boost regression trees on top of the linear heads, each head's rounds
   * chosen by cross-validation over `folds` repository folds
   * (`crossValidateTrees`); with `write`, also rewrites CHUNK_TREES_PATH.
   */
  trees?: boolean;
  /** How files are cut, for labelling and for choosing the knobs alike (none: askcode's defaults). */
  chunk?: ChunkOptions;
  /**
   * Fit as if no question had a history: labelled without it (saved rows
   * with its signals set to 0) and the knobs chosen by packing without it
   * (no co-change tier). The shipped model is fitted so: its history
   * signals are 0 until a fit with them packs better.
   */
  withoutHistory?: boolean;
  /** Rewrite CHUNK_MODEL_PATH, naming this command. */
  write?: string;
  log: (line: string) => void;
}

/**
 * `fit:weights --chunk-model`: labels every instance's ranked chunks
 * (`labelChunks`), saves the rows, fits the chunk model's heads on them,
 * chooses its packing knobs by packing every instance with the real packer
 * (`knobSearch` over `KNOB_GRID`) and, with `write`, renders it into the
 * source.
 */
export async function runChunkModel(c: ChunkModelCommand): Promise<void> {
  const out = resolve(c.out);
  mkdirSync(dirname(out), { recursive: true });
  let questions: QuestionRows[];
  const derived = createDerivedCache({ maxBytes: 2 * 1024 ** 3 });
  if (c.rows) {
    // The rows of the instances asked for: rows labelled once for every
    // question of a part fit its first N per repository too.
    const ids = new Set(c.instances.map((i) => i.instance_id));
    questions = (
      JSON.parse(readFileSync(c.rows, "utf8")) as QuestionRows[]
    ).filter((q) => ids.has(q.id));
    if (c.withoutHistory) questions.forEach(withoutHistorySignals);
  } else {
    questions = [];
    for (const [n, instance] of c.instances.entries()) {
      const rows = await labelChunks({
        instance,
        mirror: mirrorPath(c.mirrors, instance.repo, DEFAULT_MIRROR_LAYOUT),
        derived,
        ...(c.chunk ? { chunk: c.chunk } : {}),
        ...(c.withoutHistory ? { withoutHistory: true } : {}),
      });
      questions.push(rows);
      // Saved as it goes: a long labelling stopped early still leaves rows to fit.
      writeFileSync(`${out}.chunk-rows.json`, JSON.stringify(questions));
      c.log(
        `[${n + 1}/${c.instances.length}] ${instance.instance_id}: ${rows.chunks.filter((r) => r.gold > 0).length} of ${rows.chunks.length} ranked chunks hold changed lines`,
      );
    }
  }
  const l2 = chooseL2(questions, c);
  const fit = {
    ...fitChunkModel(questions, { l2: l2.chosen }),
    ...(l2.cv ? { cv: l2.cv } : {}),
  };
  const boosted = c.trees ? boostHeads(questions, fit, c) : undefined;
  const heads = boosted ? { ...fit.heads, trees: boosted.trees } : fit.heads;
  const search = knobSearch(heads, {
    grid: KNOB_GRID,
    budget: KNOB_BUDGET,
    tokenCounter: createTokenCounter({ model: "gpt-4o" }),
  });
  const knobInstances = selectInstances(c.instances, {
    perRepo: KNOB_PER_REPO,
  });
  for (const [n, instance] of knobInstances.entries()) {
    const mirror = mirrorPath(c.mirrors, instance.repo, DEFAULT_MIRROR_LAYOUT);
    const { index, gold, linesOf } = await indexInstance(
      instance,
      mirror,
      derived,
      c.chunk,
    );
    const history = c.withoutHistory
      ? undefined
      : await readGitHistory(mirror, instance.base_commit);
    search.add({
      index,
      ...(history ? { history } : {}),
      question: instance.problem_statement,
      goldFiles: instance.gold_files,
      goldLines: gold,
      linesOf,
    });
    c.log(`knobs [${n + 1}/${knobInstances.length}] ${instance.instance_id}`);
  }
  const packing = search.choose();
  const model = { ...heads, ...packing.chosen.knobs };
  const { off, chosen } = packing;
  c.log(
    `packed at ${KNOB_BUDGET} on ${packing.questions} questions, rank order → model: body ${pct(off.body)} → ${pct(chosen.shown.body)}, lines ${pct(off.lines)} → ${pct(chosen.shown.lines)}, +map ${pct(off.map)} → ${pct(chosen.shown.map)}; newFile ${model.newFile}, cost ${model.cost}, strong ${model.strong}`,
  );
  const treeChoice = boosted ? { treeChoice: boosted.choice } : {};
  writeFileSync(
    out,
    JSON.stringify({ ...fit, ...treeChoice, model, packing }, null, 1) + "\n",
  );
  if (c.write && boosted) {
    // Formatted as the repository formats its sources, so the lint passes
    // on the generated file and a refit gives the same bytes.
    const text = renderChunkTrees(
      boosted.trees,
      boosted.choice,
      TREE_BOOST,
      c.write,
    );
    writeFileSync(
      CHUNK_TREES_PATH,
      await format(text, {
        ...(await resolveConfig(CHUNK_TREES_PATH)),
        filepath: CHUNK_TREES_PATH,
      }),
    );
    c.log(`wrote ${CHUNK_TREES_PATH}`);
  }
  if (c.write) {
    writeFileSync(
      CHUNK_MODEL_PATH,
      renderChunkModel({ ...fit, model, packing }, c.write),
    );
    c.log(`wrote ${CHUNK_MODEL_PATH}`);
  }
}

/**
 * The trees on top of the fitted heads: each head's rounds chosen by
 * cross-validation over repository folds (with the L2 the heads were
 * fitted with), then boosted on every question.
 */
function boostHeads(
  questions: readonly QuestionRows[],
  fit: ChunkModelFit,
  c: ChunkModelCommand,
): { trees: ReturnType<typeof fitChunkTrees>; choice: TreeChoice } {
  const choice = crossValidateTrees(
    questions,
    {
      folds: c.folds ?? DEFAULT_FOLDS,
      l2: fit.l2,
      steps: FIT_STEPS,
      boost: TREE_BOOST,
    },
    c.log,
  );
  c.log(
    `trees chosen by ${choice.folds}-fold cross-validation over repositories: line ${choice.rounds.line} rounds (held-out loss ${choice.loss.line[0]?.toFixed(4)} → ${choice.loss.line[choice.rounds.line]?.toFixed(4)}), file ${choice.rounds.file} (${choice.loss.file[0]?.toFixed(4)} → ${choice.loss.file[choice.rounds.file]?.toFixed(4)})`,
  );
  return {
    trees: fitChunkTrees(questions, fit.heads, choice.rounds, TREE_BOOST),
    choice,
  };
}

/** Each head's L2: the one given, or chosen by cross-validation among several. */
function chooseL2(
  questions: readonly QuestionRows[],
  c: ChunkModelCommand,
): { chosen: Partial<HeadL2>; cv?: L2Choice } {
  const [only, ...more] = c.l2 ?? [];
  if (only === undefined) return { chosen: {} };
  if (more.length === 0) return { chosen: { line: only, file: only } };
  const cv = crossValidateL2(
    questions,
    { folds: c.folds ?? DEFAULT_FOLDS, grid: c.l2 ?? [], steps: FIT_STEPS },
    c.log,
  );
  c.log(
    `L2 chosen by ${cv.folds}-fold cross-validation over repositories: line ${cv.chosen.line}, file ${cv.chosen.file}`,
  );
  return { chosen: cv.chosen, cv };
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}
