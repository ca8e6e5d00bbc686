import type { TextFile } from "../code-host/code-host.js";
import { stripInvisible } from "../text/strip-invisible.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { numberLines, toToolWords } from "./number-lines.js";
import type { ToolOutput } from "./tool.js";
import {
  budgetTooSmall,
  jsonResult,
  largestFitting,
  measureJson,
} from "./tool-result.js";

/**
 * A text file's result: as many of its lines as fit the budget, numbered,
 * without invisible characters (`stripInvisible`).
 * When not all fit, `truncated` is set and the note names the next range to
 * read, as long as the one shown; a reader's own note (its size limit) is
 * passed on in the tools' words. A single line over the budget is shown cut.
 *
 * @example
 * fitTextFile(await reader.readFile("src/big.ts"), { lastWanted: undefined, tokenCounter, budget: 4000 }).text
 * // '{"path":"src/big.ts","start_line":1,"end_line":240,"total_lines":980,"content":"1\t…","tokens":3990,"truncated":true,
 * //   "note":"Showing lines 1-240 of 980 to fit the 4000-token result budget. Read lines 241-480 next: read_file_contents with start_line 241 and end_line 480."}'
 */
export function fitTextFile(
  file: TextFile,
  options: {
    /** The last line the model asked for, if it asked. */
    lastWanted: number | undefined;
    tokenCounter: TokenCounter;
    budget: number;
  },
): ToolOutput {
  const { tokenCounter, budget } = options;
  // File text is data: the model reads it without the characters a reader
  // of the file cannot see; no line is added or lost.
  const lines = file.text === "" ? [] : stripInvisible(file.text).split("\n");
  const first = file.startLine;
  const total = file.totalLines;
  // The last line the model wants: what it asked for, within the file.
  const wanted = Math.min(
    options.lastWanted ?? Infinity,
    total ?? (file.truncated ? Infinity : file.endLine),
  );
  const payload = (shown: string[]) => ({
    path: file.path,
    start_line: first,
    end_line: shown.length > 0 ? first + shown.length - 1 : file.endLine,
    ...(total !== undefined ? { total_lines: total } : {}),
    content: numberLines(shown, first),
  });
  const noteFor = (k: number): string | undefined => {
    if (k >= lines.length) return file.note && toToolWords(file.note);
    const last = first + k - 1;
    const next = last + 1;
    const nextEnd = Math.min(wanted, last + k);
    const of = total !== undefined ? ` of ${total}` : "";
    return (
      `Showing lines ${first}-${last}${of} to fit the ${budget}-token result budget. ` +
      `Read lines ${next}-${nextEnd} next: read_file_contents with start_line ${next} and end_line ${nextEnd}.`
    );
  };
  const truncatedAt = (k: number) => k < lines.length || file.truncated;
  const k = largestFitting(
    lines.length,
    (n) =>
      measureJson(payload(lines.slice(0, n)), {
        tokenCounter,
        maxTokens: budget,
        truncated: truncatedAt(n),
        note: noteFor(n),
      }) <= budget,
  );
  if (k > 0 || lines.length === 0) {
    return jsonResult(payload(lines.slice(0, k)), {
      tokenCounter,
      seen:
        k > 0
          ? [{ path: file.path, startLine: first, endLine: first + k - 1 }]
          : [],
      truncated: truncatedAt(k),
      note: noteFor(k),
    });
  }
  return cutFirstLine(file.path, lines[0] ?? "", first, tokenCounter, budget);
}

// One line alone is over the budget (minified code, a data blob): show its start.
function cutFirstLine(
  path: string,
  line: string,
  lineNumber: number,
  tokenCounter: TokenCounter,
  budget: number,
): ToolOutput {
  const note =
    `Line ${lineNumber} alone is longer than the ${budget}-token result budget; it is shown cut. ` +
    `Read on with start_line ${lineNumber + 1}.`;
  const payload = (chars: number) => ({
    path,
    start_line: lineNumber,
    end_line: lineNumber,
    content: numberLines([line.slice(0, chars)], lineNumber),
  });
  const fits = (chars: number) =>
    measureJson(payload(chars), {
      tokenCounter,
      maxTokens: budget,
      truncated: true,
      note,
    }) <= budget;
  if (!fits(0)) return budgetTooSmall(`any of ${path}`, budget, tokenCounter);
  const chars = largestFitting(line.length, fits);
  return jsonResult(payload(chars), {
    tokenCounter,
    seen: [{ path, startLine: lineNumber, endLine: lineNumber }],
    truncated: true,
    note,
  });
}
