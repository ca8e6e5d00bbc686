import type { CoChangeHistory } from "../../src/retrieval/history/co-change-history.js";
import { repackRanking } from "../../src/eval/repack-ranking.js";
import { scoreContext } from "../../src/eval/score-context.js";
import { shownLines } from "../../src/eval/shown-lines.js";
import type { GoldLine } from "../../src/eval/gold-lines.js";
import type { RepositoryIndex } from "../../src/retrieval/index/index-repository.js";
import type { PackedContext } from "../../src/retrieval/pack/packing-types.js";
import type { ChunkModel } from "../../src/retrieval/rank/chunk-model.js";
import { retrieveContext } from "../../src/retrieval/retrieve-context.js";
import type { TokenCounter } from "../../src/tokens/token-counter.js";

/** The chunk model's packing knobs: what the fit chooses with the real packer. */
export type PackingKnobs = Pick<ChunkModel, "newFile" | "cost" | "strong">;

/** The values tried of each knob; every combination is packed. */
export interface KnobGrid {
  newFile: readonly number[];
  cost: readonly number[];
  strong: readonly number[];
}

/** What packing showed of the questions' fixes, means per question as the bench's report takes them. */
export interface Shown {
  /** Share of gold files shown with a body (whole or cut to its structure). */
  body: number;
  /** Share of gold lines shown verbatim. */
  lines: number;
  /** Share of gold files shown at all, the map's signature lines included. */
  map: number;
}

export interface KnobPoint {
  knobs: PackingKnobs;
  shown: Shown;
}

export interface KnobChoice {
  budget: number;
  /** Questions packed (those whose fix changed a file); lines are means over those with a changed line read. */
  questions: number;
  /** Packing in rank order (the model off), as askcode ships. */
  off: Shown;
  /** The best point: the largest smaller gain over `off` of body and lines, the larger sum on a tie. */
  chosen: KnobPoint;
  /** Every point of the grid, in the grid's order. */
  front: KnobPoint[];
}

/** One question, indexed, with what its fix changed. */
export interface KnobQuestion {
  index: RepositoryIndex;
  question: string;
  goldFiles: readonly string[];
  goldLines: readonly GoldLine[];
  /** A file's lines, to read a packed context back with (`shownLines`). */
  linesOf: (path: string) => readonly string[] | undefined;
  /** The history back from the question's commit, as bench:swebench packs with it (the co-change tier, the model's file-history signals). */
  history?: CoChangeHistory;
}

export interface KnobSearchOptions {
  grid: KnobGrid;
  /** The budget packed to, the map's share included (the bench's 13k). */
  budget: number;
  tokenCounter: TokenCounter;
}

/**
 * Chooses the chunk model's packing knobs with the packer askcode runs, not
 * a simulation of it: each question is ranked once (`retrieveContext`, as
 * bench:swebench does) and its ranking packed in rank order and under every
 * point of the grid (`repackRanking`), each context read back and scored as
 * the bench scores it, and the best point chosen by `bestKnobs`. Questions
 * are added one at a time (only sums are kept), so a long fit holds one
 * index at once.
 *
 * @example
 * const search = knobSearch(heads, { grid, budget: 13_000, tokenCounter });
 * for (const q of questions) search.add(q);
 * search.choose().chosen.knobs // { newFile: 0.15, cost: 0.9, strong: 1.01 }
 */
export function knobSearch(
  heads: Pick<ChunkModel, "line" | "file" | "trees">,
  options: KnobSearchOptions,
): { add: (q: KnobQuestion) => void; choose: () => KnobChoice } {
  const { grid, budget, tokenCounter } = options;
  const points: PackingKnobs[] = [];
  for (const newFile of grid.newFile)
    for (const cost of grid.cost)
      for (const strong of grid.strong) points.push({ newFile, cost, strong });
  if (points.length === 0)
    throw new TypeError(
      "knobSearch: the grid has no point (a knob with no value)",
    );
  // Sums over questions: [0] rank order, then one per point.
  const sums = Array.from({ length: points.length + 1 }, () => ({
    body: 0,
    lines: 0,
    map: 0,
  }));
  // As the bench's report: files over questions with a gold file, lines
  // over those with a gold line.
  let questions = 0;
  let withLines = 0;
  const add = (q: KnobQuestion): void => {
    if (q.goldFiles.length === 0) return;
    const retrieved = retrieveContext({
      files: [],
      index: q.index,
      question: q.question,
      budget,
      tokenCounter,
      ...(q.history ? { history: q.history } : {}),
      options: { pack: { chunkModel: null } },
    });
    const tally = (n: number, packed: PackedContext) => {
      const score = scoreContext(
        shownLines(packed.text, q.linesOf),
        q.goldFiles,
        q.goldLines,
      );
      const sum = sums[n] as Shown;
      sum.body += (score.filesWithBody ?? 0) / score.goldFiles;
      if (score.goldLines > 0) sum.lines += score.linesFound / score.goldLines;
      sum.map += score.filesFound / score.goldFiles;
    };
    tally(0, retrieved.context);
    for (const [n, knobs] of points.entries())
      tally(
        n + 1,
        repackRanking(
          retrieved,
          budget,
          tokenCounter,
          { chunkModel: { ...heads, ...knobs } },
          q.history,
        ),
      );
    questions++;
    if (q.goldLines.length > 0) withLines++;
  };
  const choose = (): KnobChoice => {
    const mean = (s: Shown): Shown => ({
      body: s.body / Math.max(1, questions),
      lines: s.lines / Math.max(1, withLines),
      map: s.map / Math.max(1, questions),
    });
    const off = mean(sums[0] as Shown);
    const front = points.map((knobs, n) => ({
      knobs,
      shown: mean(sums[n + 1] as Shown),
    }));
    const chosen = bestKnobs(off, front);
    return { budget, questions, off, chosen, front };
  };
  return { add, choose };
}

/**
 * The point whose smaller gain over `off`, in files with a body and in
 * lines, is largest (issue 38 asks both to rise: a sum would buy one with
 * the other), the larger sum of both breaking a tie, the first on an exact
 * one.
 *
 * @example
 * bestKnobs({ body: 0.7, lines: 0.55, map: 0.8 }, front).knobs // { newFile: 1, cost: 0.5, strong: 0.7 }
 */
export function bestKnobs(off: Shown, front: readonly KnobPoint[]): KnobPoint {
  const worth = ({ shown }: KnobPoint) => [
    Math.min(shown.body - off.body, shown.lines - off.lines),
    shown.body + shown.lines,
  ];
  let chosen = front[0];
  if (!chosen) throw new TypeError("bestKnobs: no point to choose from");
  for (const point of front.slice(1)) {
    const [a = 0, b = 0] = worth(point);
    const [bestA = 0, bestB = 0] = worth(chosen);
    if (a > bestA || (a === bestA && b > bestB)) chosen = point;
  }
  return chosen;
}
