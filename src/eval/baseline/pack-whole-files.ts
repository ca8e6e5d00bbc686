import { renderFileSection } from "../../retrieval/pack/render-context.js";
import type { TokenCounter } from "../../tokens/token-counter.js";
import { splitFileLines } from "../file-lines.js";

/**
 * What to do with a ranked file that does not fit:
 * - "skip": leave it out and try the next ones, as SWE-bench's
 *   `add_text_inputs` does (create_instance.py: every hit whose tokens fit is
 *   included; there is no `break`);
 * - "stop": stop there, the stricter reading ("added in rank order while they fit").
 */
export type WholeFileFill = "skip" | "stop";

export interface PackWholeFilesInput {
  /** Ranked paths, best first (BM25's top 20). */
  ranked: readonly string[];
  /** File text by path. */
  text: (path: string) => string | undefined;
  budget: number;
  tokenCounter: TokenCounter;
  fill: WholeFileFill;
}

export interface PackedWholeFiles {
  text: string;
  tokensUsed: number;
  /** Files in the context, in rank order. */
  files: Array<{ path: string; tokens: number }>;
  /** Ranked files left out because they did not fit (or came after one that did not). */
  leftOut: string[];
}

const SEPARATOR = "\n\n";

/**
 * The baseline's context: whole files in rank order, each under the same
 * header and fence askcode uses (`renderFileSection`), so the two contexts
 * differ only in what they hold, and both are counted with one tokenizer.
 * (SWE-bench itself wraps files in "[start of path]" lines with line
 * numbers; the format is not what is being compared.)
 *
 * Empty files are left out: a header over nothing shows no code.
 *
 * @example
 * packWholeFiles({ ranked: ["a.py", "b.py"], text, budget: 13_000, tokenCounter, fill: "skip" })
 * // { files: [{ path: "a.py", tokens: 9_120 }], leftOut: ["b.py"], tokensUsed: 9_120, … }
 */
export function packWholeFiles(input: PackWholeFilesInput): PackedWholeFiles {
  const { tokenCounter: counter, budget } = input;
  const separatorTokens = counter.count(SEPARATOR);
  const sections: string[] = [];
  const files: PackedWholeFiles["files"] = [];
  const leftOut: string[] = [];
  let total = 0;
  let stopped = false;
  for (const path of input.ranked) {
    const text = input.text(path);
    if (text === undefined || text === "") continue;
    if (stopped) {
      leftOut.push(path);
      continue;
    }
    const section = renderWholeFile(path, text);
    const tokens = counter.count(section);
    const cost = tokens + (sections.length > 0 ? separatorTokens : 0);
    if (total + cost > budget) {
      leftOut.push(path);
      if (input.fill === "stop") stopped = true;
      continue;
    }
    total += cost;
    sections.push(section);
    files.push({ path, tokens });
  }
  // Sections were counted apart; the joined text is what must fit.
  let text = sections.join(SEPARATOR);
  let tokensUsed = counter.count(text);
  while (tokensUsed > budget && sections.length > 0) {
    sections.pop();
    leftOut.unshift((files.pop() as { path: string }).path);
    text = sections.join(SEPARATOR);
    tokensUsed = counter.count(text);
  }
  return { text, tokensUsed, files, leftOut };
}

/** One whole file under askcode's header: "path (all N lines)" and a fence. */
export function renderWholeFile(path: string, text: string): string {
  const lines = splitFileLines(text);
  return renderFileSection(path, lines.length, [
    { startLine: 1, endLine: lines.length, text: lines.join("\n") },
  ]);
}
