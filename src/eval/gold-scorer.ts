import type { SourceFile } from "../retrieval/types.js";
import { goldLines } from "./gold-lines.js";
import type { Instance } from "./instance.js";
import type { InstanceResult, SystemRun } from "./result-types.js";
import { scoreContext } from "./score-context.js";
import type { ShownLines } from "./shown-lines.js";

/** What is known of the gold once the files are read (`InstanceResult.gold`, less what the instance names). */
export type GoldFigures = Omit<InstanceResult["gold"], "files" | "codeFiles">;

/**
 * The instance's gold lines, read from the files as read, and a scorer of
 * any context against them: on all gold files, on the code-only gold
 * (`codeFiles`) when there is any, and on the gold people wrote (all but
 * `setAside`) when it differs from all, so every view scores one context.
 *
 * @example
 * const { figures, scores } = goldScorer(instance, result.gold.codeFiles, { linesOf, indexed, isDocumentPath });
 * Object.assign(result.gold, figures);
 * scores(shownLines(context.text, linesOf)).score.lineRecall
 */
export function goldScorer(
  instance: Instance,
  codeGoldFiles: readonly string[],
  options: {
    linesOf: (path: string) => string[] | undefined;
    /** The files askcode read and indexed. */
    indexed: readonly SourceFile[];
    isDocumentPath: (path: string) => boolean;
    exclude?: (path: string) => boolean;
    /** Gold files a build or another project wrote (`gold.setAside`): left out of the written view. */
    setAside?: ReadonlySet<string>;
  },
): {
  figures: GoldFigures;
  scores: (
    shown: ShownLines,
  ) => Pick<SystemRun, "score" | "codeScore" | "writtenScore">;
} {
  const { exclude } = options;
  const gold = goldLines(instance.gold_hunks, options.linesOf);
  const codeGoldLines = gold.lines.filter((g) =>
    codeGoldFiles.includes(g.path),
  );
  const figures: GoldFigures = {
    lines: gold.lines.length,
    blankLines: gold.blank,
    outOfRange: gold.outOfRange,
    notIndexed: instance.gold_files.filter(
      (p) => !options.indexed.some((f) => f.path === p),
    ),
    notBaselineDocuments: instance.gold_files.filter(
      (p) => !options.isDocumentPath(p),
    ),
    ...(exclude ? { excluded: instance.gold_files.filter(exclude) } : {}),
    codeLines: codeGoldLines.length,
  };
  const setAside = options.setAside ?? new Set<string>();
  const writtenFiles = instance.gold_files.filter((p) => !setAside.has(p));
  const writtenLines = gold.lines.filter((g) => !setAside.has(g.path));
  const writtenView =
    writtenFiles.length > 0 && writtenFiles.length < instance.gold_files.length;
  const scores = (shown: ShownLines) => ({
    score: scoreContext(shown, instance.gold_files, gold.lines),
    ...(codeGoldFiles.length > 0
      ? { codeScore: scoreContext(shown, codeGoldFiles, codeGoldLines) }
      : {}),
    ...(writtenView
      ? { writtenScore: scoreContext(shown, writtenFiles, writtenLines) }
      : {}),
  });
  return { figures, scores };
}
