import type { ShownReaders } from "./checkout-session.js";

/** One line the redacting reader changed: its text, trimmed, and the part that changed with some of what surrounds it. */
interface Swap {
  line: string;
  redacted: string;
  /** The changed part with up to CONTEXT_CHARS before it, and its redaction; undefined when the change starts the line. */
  before?: [string, string];
  /** The changed part with up to CONTEXT_CHARS after it; undefined when the change ends the line. */
  after?: [string, string];
}

// Enough of a line around a secret to tell its place from the same word elsewhere.
const CONTEXT_CHARS = 6;

/**
 * A text that shows lines of `paths` (excerpts, a packed context, a map's
 * signature lines) with every secret those files hold redacted as the
 * redacting reader redacts each file whole. The index a question is ranked
 * on is `askcode ask`'s, built from the files as they are, so that both
 * share one cache and no call pays to redact a whole checkout (about 5 MB
 * a second, `npm run bench:redact`); what leaves the server is redacted
 * here instead, at the cost of the few files it shows.
 *
 * Redaction keeps lines, so each line the reader changed is found in
 * `text` as shown (whole, indented or not) and replaced by its redaction;
 * a part of such a line shown (cut to a width) is found by the changed part
 * with what stands beside it on the line. Only those lines change: a word
 * the redaction took from one line stays wherever else it is written.
 *
 * @example
 * await redactShownText('- config.py:3: API_KEY = "sk-…"', ["config.py"], { reader, redacting })
 * // '- config.py:3: API_KEY = "REDACTED_SECRET"'
 */
export async function redactShownText(
  text: string,
  paths: Iterable<string>,
  readers: ShownReaders,
): Promise<string> {
  const swaps: Swap[] = [];
  for (const path of new Set(paths)) {
    const [raw, redacted] = await Promise.all([
      readers.reader.readFile(path),
      readers.redacting.readFile(path),
    ]);
    if (raw.kind !== "text" || redacted.kind !== "text") continue;
    const after = redacted.text.split("\n");
    raw.text.split("\n").forEach((line, i) => {
      const swap = swapOf(line, after[i] ?? "");
      if (swap) swaps.push(swap);
    });
  }
  if (swaps.length === 0) return text;
  // Longest first: a line that contains another is replaced whole.
  swaps.sort((a, b) => b.line.length - a.line.length);
  return text
    .split("\n")
    .map((shown) => swaps.reduce(redactLine, shown))
    .join("\n");
}

function redactLine(shown: string, swap: Swap): string {
  if (shown.includes(swap.line))
    return shown.replaceAll(swap.line, swap.redacted);
  for (const part of [swap.before, swap.after])
    if (part && shown.includes(part[0]))
      return shown.replaceAll(part[0], part[1]);
  return shown;
}

/** How `before` became `after`, when they differ. */
function swapOf(before: string, after: string): Swap | undefined {
  if (before === after) return undefined;
  let start = 0;
  while (
    start < before.length &&
    start < after.length &&
    before[start] === after[start]
  )
    start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  const from = before.slice(start, before.length - end);
  const to = after.slice(start, after.length - end);
  const left = before.slice(Math.max(0, start - CONTEXT_CHARS), start);
  const right = before.slice(
    before.length - end,
    before.length - end + CONTEXT_CHARS,
  );
  return {
    line: before.trim(),
    redacted: after.trim(),
    ...(left ? { before: [left + from, left + to] as [string, string] } : {}),
    ...(right ? { after: [from + right, to + right] as [string, string] } : {}),
  };
}
