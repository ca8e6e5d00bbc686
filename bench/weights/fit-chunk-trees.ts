import type {
  ChunkModel,
  ChunkModelTrees,
} from "../../src/retrieval/rank/chunk-model.js";
import { CHUNK_SIGNALS } from "../../src/retrieval/rank/chunk-signals.js";
import { boostTrees, type BoostOptions, type HeadLoss } from "./boost-trees.js";
import { repositoryFolds } from "./cross-validate-l2.js";
import {
  fileRows,
  fitHead,
  fitQuestions,
  lineRows,
  logLoss,
  rowLogits,
  shareLoss,
  type HeadL2,
  type HeadRows,
} from "./fit-chunk-model.js";
import type { QuestionRows } from "./label-chunks.js";

type Head = "line" | "file";

/** Each head's booster settings; `rounds` is the most a cross-validation tries. */
export type HeadBoost = Record<Head, BoostOptions>;

/**
 * The boosters' settings, chosen by 4-fold cross-validation over the
 * training part's repositories on the shipped rows (docs/benchmark.md,
 * "Boosted trees"), the rounds then by `crossValidateTrees` up to these.
 * Stumps (depth 1) lowered the line head's held-out loss most: 5.1724
 * linear → 5.1159, against 5.1212-5.1291 at depth 2, 5.1253 at depth 3 and
 * 5.1338 at depth 4, so what the linear head misses is the shape of each
 * signal (a step, a saturation), not how signals combine. The file head's
 * hessians are each chunk's 1 / its question's chunks, so its evidence per
 * question is smaller and its `minHessian` with it.
 */
export const TREE_BOOST: HeadBoost = {
  line: {
    rounds: 200,
    depth: 1,
    shrinkage: 0.2,
    minHessian: 5,
    l2: 1,
    bins: 32,
  },
  file: {
    rounds: 100,
    depth: 1,
    shrinkage: 0.1,
    minHessian: 2,
    l2: 1,
    bins: 32,
  },
};

const HEADS: Record<
  Head,
  { rows: (q: readonly QuestionRows[]) => HeadRows; loss: HeadLoss }
> = {
  line: { rows: lineRows, loss: "share" },
  file: { rows: fileRows, loss: "log" },
};

export interface TreeChoice {
  /** Each head's rounds: those of least held-out loss (0: the trees do not help it). */
  rounds: Record<Head, number>;
  folds: number;
  /** Each head's mean held-out loss per question after each round; index 0 is the linear head alone. */
  loss: Record<Head, number[]>;
}

export interface CrossValidateTreesOptions {
  folds: number;
  /** The linear heads' L2 and steps, as the final fit takes them. */
  l2: HeadL2;
  steps: number;
  boost: HeadBoost;
}

/**
 * Chooses each head's rounds of boosted trees by cross-validation over
 * repository folds (`repositoryFolds`): each fold's linear heads are fitted
 * on the other folds, trees boosted on top of them there, and the loss on
 * the fold's questions taken after every round; each head keeps the rounds
 * of least loss over all questions (the first on a tie, so 0 when no tree
 * helps). Deterministic, as the fits are.
 *
 * @example
 * crossValidateTrees(questions, { folds: 4, l2: DEFAULT_L2, steps: 600, boost: TREE_BOOST }).rounds // { line: 37, file: 12 }
 */
export function crossValidateTrees(
  questions: readonly QuestionRows[],
  o: CrossValidateTreesOptions,
  log: (line: string) => void = () => {},
): TreeChoice {
  const parts = repositoryFolds(fitQuestions(questions), o.folds);
  const pooled: Record<Head, number[]> = { line: [], file: [] };
  const counts: Record<Head, number> = { line: 0, file: 0 };
  for (const [f, part] of parts.entries()) {
    const rest = parts.filter((_, g) => g !== f).flat();
    for (const head of ["line", "file"] as const) {
      const { rows, loss } = HEADS[head];
      const train = rows(rest);
      const test = rows(part);
      const w = fitHead(
        train,
        head === "line" ? shareLoss : logLoss,
        o.steps,
        o.l2[head],
      ).weights;
      const { watched } = boostTrees(
        train,
        loss,
        rowLogits(train, w),
        o.boost[head],
        { rows: test, base: rowLogits(test, w) },
      );
      // Each fold's mean weighed by its questions: the mean over all of them.
      const n = test.starts.length - 1;
      counts[head] += n;
      for (const [i, l] of watched.entries())
        pooled[head][i] = (pooled[head][i] ?? 0) + l * n;
      log(
        `trees, fold ${f + 1} of ${o.folds}, ${head} head: held-out loss ${watched[0]?.toFixed(4)} linear → ${Math.min(...watched).toFixed(4)}`,
      );
    }
  }
  const loss = {
    line: pooled.line.map((s) => s / counts.line),
    file: pooled.file.map((s) => s / counts.file),
  };
  const least = (l: number[]) =>
    l.reduce((best, v, i) => (v < (l[best] as number) ? i : best), 0);
  return {
    rounds: { line: least(loss.line), file: least(loss.file) },
    folds: o.folds,
    loss,
  };
}

/**
 * Each head's trees, boosted `rounds[head]` rounds on all the questions on
 * top of the fitted linear `heads` (as rounded as shipped).
 *
 * @example
 * fitChunkTrees(questions, fit.heads, { line: 37, file: 12 }, TREE_BOOST).line.length // 37
 */
export function fitChunkTrees(
  questions: readonly QuestionRows[],
  heads: Pick<ChunkModel, "line" | "file">,
  rounds: Record<Head, number>,
  boost: HeadBoost,
): ChunkModelTrees {
  const sorted = fitQuestions(questions);
  const grow = (head: Head) => {
    const { rows, loss } = HEADS[head];
    const all = rows(sorted);
    const w = Float64Array.from(CHUNK_SIGNALS, (s) => heads[head][s]);
    return boostTrees(all, loss, rowLogits(all, w), {
      ...boost[head],
      rounds: rounds[head],
    }).trees;
  };
  return { line: grow("line"), file: grow("file") };
}
