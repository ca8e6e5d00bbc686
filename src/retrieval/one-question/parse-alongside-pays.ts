import { chunkerFor } from "../chunks/chunk-file.js";
import { lfText } from "../../text/lf-text.js";
import type { SourceFile } from "../types.js";
import { DEFAULT_TOP_FILES } from "./choose-files-to-parse.js";

// Characters (bytes, for code) of trees a question is expected to make from which a second thread
// parsing beside the main one pays for itself. (Measured: see
// docs/architecture/overview.md, "What a cold question spends".)
export const MIN_CHARS_TO_PARSE_ALONGSIDE = 256 * 1024;
// Languages the thread warms up on: the few with the most trees to make.
const WARM_LANGUAGES = 3;
// A warm-up file's size: large enough to reach most of a grammar's
// declarations, small enough to cost a few milliseconds.
const WARM_MIN_CHARS = 2 * 1024;
const WARM_MAX_CHARS = 32 * 1024;

/**
 * Whether a question's two-stage index should start a thread to parse its
 * chosen files beside the main one, and what to warm it with: none when
 * the trees it is expected to make, `topFiles` files of the lacking ones'
 * mean size, are too few characters to repay a thread's start. Decided before
 * the first pass, so that the thread starts while it runs.
 *
 * @example
 * parseAlongsideWarmUp(lacking, 100) // [{ path: "src/flask/app.py", text }] or undefined
 */
export function parseAlongsideWarmUp(
  lacking: readonly SourceFile[],
  topFiles = DEFAULT_TOP_FILES,
): Array<{ path: string; text: string }> | undefined {
  let treeFiles = 0;
  let treeChars = 0;
  const byLanguage = new Map<string, SourceFile[]>();
  for (const file of lacking) {
    const chunker = chunkerFor(file.path);
    if (chunker === "text") continue;
    treeFiles++;
    treeChars += file.text.length;
    const same = byLanguage.get(chunker);
    if (same) same.push(file);
    else byLanguage.set(chunker, [file]);
  }
  const expected = treeFiles && (treeChars / treeFiles) * topFiles;
  if (expected < MIN_CHARS_TO_PARSE_ALONGSIDE) return undefined;
  return [...byLanguage.values()]
    .sort((a, b) => b.length - a.length)
    .slice(0, WARM_LANGUAGES)
    .map((same) => {
      const file =
        same.find(
          (f) =>
            f.text.length >= WARM_MIN_CHARS && f.text.length <= WARM_MAX_CHARS,
        ) ?? (same[0] as SourceFile);
      return { path: file.path, text: lfText(file.text) };
    });
}
