import {
  fileRows,
  fitHead,
  fitQuestions,
  lineRows,
  logLoss,
  shareLoss,
  type HeadL2,
  type HeadRows,
} from "./fit-chunk-model.js";
import type { QuestionRows } from "./label-chunks.js";

/** Each L2 tried, with each head's mean loss per question on the folds it was not fitted on. */
export interface L2Point {
  l2: number;
  line: number;
  file: number;
}

export interface L2Choice {
  /** Each head's L2: the grid's value of least held-out loss, the first on a tie. */
  chosen: HeadL2;
  folds: number;
  points: L2Point[];
}

export interface CrossValidateOptions {
  /** Folds of repositories (at least 2). */
  folds: number;
  /** The L2 values tried. */
  grid: readonly number[];
  /** Gradient steps of each fit, as the final fit takes. */
  steps: number;
}

/**
 * The questions in `folds` folds by repository: repositories sorted by
 * name, the i-th in fold i mod `folds`, so no fold is fitted on a
 * repository it is measured on (what the chunk model must do: carry to
 * repositories it never saw) and the folds are the same on every machine.
 *
 * @example
 * repositoryFolds(questions, 4)[0] // the questions of the 1st, 5th, 9th, … repository by name
 */
export function repositoryFolds(
  questions: readonly QuestionRows[],
  folds: number,
): QuestionRows[][] {
  const repos = [...new Set(questions.map((q) => q.repo))].sort();
  if (!Number.isInteger(folds) || folds < 2 || folds > repos.length)
    throw new TypeError(
      `repositoryFolds: folds must be an integer from 2 to the ${repos.length} repositories, got ${folds}`,
    );
  const fold = new Map(repos.map((repo, i) => [repo, i % folds]));
  const out = Array.from({ length: folds }, (): QuestionRows[] => []);
  for (const q of questions) out[fold.get(q.repo) as number]?.push(q);
  return out;
}

/**
 * Chooses each head's L2 penalty by cross-validation over repository folds
 * (`repositoryFolds`): for every value of the grid, each fold's heads are
 * fitted on the other folds and their loss (the loss the fit minimises)
 * taken on the fold's questions; each head keeps the value of least loss
 * over all questions. Measured on repositories a fit has not seen, as the
 * model is used; deterministic, as the fit is.
 *
 * @example
 * crossValidateL2(questions, { folds: 4, grid: [0.001, 0.01], steps: 600 }).chosen // { line: 0.01, file: 0.001 }
 */
export function crossValidateL2(
  questions: readonly QuestionRows[],
  options: CrossValidateOptions,
  log: (line: string) => void = () => {},
): L2Choice {
  const { folds, grid, steps } = options;
  if (grid.length === 0)
    throw new TypeError("crossValidateL2: the grid has no L2 value");
  const parts = repositoryFolds(fitQuestions(questions), folds);
  const heads = parts.map((part, f) => {
    const rest = parts.filter((_, g) => g !== f).flat();
    return {
      train: { line: lineRows(rest), file: fileRows(rest) },
      test: { line: lineRows(part), file: fileRows(part) },
    };
  });
  // The mean loss over every held-out question: each fold's mean weighed by its questions.
  const pooled = (
    fold: number,
    head: "line" | "file",
    rows: HeadRows,
    loss: number,
  ) => ({ fold, head, sum: loss * (rows.starts.length - 1) });
  const points = grid.map((l2) => {
    const sums = heads.flatMap(({ train, test }, f) => {
      const line = fitHead(train.line, shareLoss, steps, l2).weights;
      const file = fitHead(train.file, logLoss, steps, l2).weights;
      return [
        pooled(f, "line", test.line, shareLoss(test.line, line)),
        pooled(f, "file", test.file, logLoss(test.file, file)),
      ];
    });
    const mean = (head: "line" | "file") =>
      sums.filter((s) => s.head === head).reduce((t, s) => t + s.sum, 0) /
      heads.reduce((t, h) => t + h.test[head].starts.length - 1, 0);
    const point = { l2, line: mean("line"), file: mean("file") };
    log(
      `L2 ${l2}: held-out loss per question, line ${point.line.toFixed(4)}, file ${point.file.toFixed(4)} (${folds} repository folds)`,
    );
    return point;
  });
  const best = (head: "line" | "file") =>
    points.reduce((a, b) => (b[head] < a[head] ? b : a)).l2;
  return { chosen: { line: best("line"), file: best("file") }, folds, points };
}
