import { markdownTable, percent } from "../../src/eval/markdown-table.js";
import type { RepositorySplit, SplitRow } from "./split-by-repository.js";

/**
 * Repositories and rows per language on each side of a split, with the
 * share of rows held out: the table bench/train/README.md shows.
 *
 * @example
 * renderSplitCounts(rows, split)
 * // "| language | held-out repos | rows | training repos | rows | held-out rows |\n…"
 */
export function renderSplitCounts(
  rows: readonly SplitRow[],
  split: RepositorySplit,
): string {
  const held = new Set(split["held-out"]);
  const counts = new Map<
    string,
    {
      held: Set<string>;
      heldRows: number;
      train: Set<string>;
      trainRows: number;
    }
  >();
  const add = (language: string, repo: string) => {
    const c = counts.get(language) ?? {
      held: new Set<string>(),
      heldRows: 0,
      train: new Set<string>(),
      trainRows: 0,
    };
    counts.set(language, c);
    if (held.has(repo)) {
      c.held.add(repo);
      c.heldRows++;
    } else {
      c.train.add(repo);
      c.trainRows++;
    }
  };
  for (const { repo, language = "python" } of rows) add(language, repo);
  for (const { repo } of rows) add("all", repo);
  return markdownTable(
    [
      "language",
      "held-out repos",
      "rows",
      "training repos",
      "rows",
      "held-out rows",
    ],
    [...counts].map(([language, c]) => [
      language,
      String(c.held.size),
      String(c.heldRows),
      String(c.train.size),
      String(c.trainRows),
      percent(c.heldRows / (c.heldRows + c.trainRows)),
    ]),
  );
}
