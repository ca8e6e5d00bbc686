/**
 * What redaction changed on one line: the raw line's characters from
 * `start` to `end` became `text`. `text` is cut from the redacted line, so
 * it holds a marker and never a secret.
 */
export interface LineEdit {
  /** 0-based line index. */
  line: number;
  start: number;
  end: number;
  text: string;
}

/**
 * How to turn a file's raw lines into its redacted ones, one edit per
 * changed line (the part between what the two lines share at each end), or
 * undefined when the line counts differ (redaction keeps lines, so that
 * does not happen). Applying the edits to the same raw lines
 * (`applyLineEdits`) gives the redacted lines back exactly, whatever the
 * rules were: so what redaction made of a file with a secret can be kept
 * without the secret.
 *
 * @example
 * lineEdits(['KEY = "s3cr3t-value"'], ['KEY = "REDACTED_SECRET"'])
 * // [{ line: 0, start: 7, end: 19, text: "REDACTED_SECRET" }]
 */
export function lineEdits(
  raw: readonly string[],
  redacted: readonly string[],
): LineEdit[] | undefined {
  if (raw.length !== redacted.length) return undefined;
  const edits: LineEdit[] = [];
  raw.forEach((before, line) => {
    const after = redacted[line]!;
    if (before === after) return;
    const shortest = Math.min(before.length, after.length);
    let start = 0;
    while (start < shortest && before[start] === after[start]) start += 1;
    let tail = 0;
    while (
      tail < shortest - start &&
      before[before.length - 1 - tail] === after[after.length - 1 - tail]
    )
      tail += 1;
    edits.push({
      line,
      start,
      end: before.length - tail,
      text: after.slice(start, after.length - tail),
    });
  });
  return edits;
}

/** The redacted lines that `edits` (`lineEdits`) make of `raw`. */
export function applyLineEdits(
  raw: readonly string[],
  edits: readonly LineEdit[],
): string[] {
  const lines = [...raw];
  for (const { line, start, end, text } of edits) {
    const before = lines[line] ?? "";
    lines[line] = before.slice(0, start) + text + before.slice(end);
  }
  return lines;
}
