/** `get_line_history`'s JSON, as far as a reader in a terminal reads it. */
export interface LineHistoryPayload {
  path: string;
  changes: Array<{
    lines: string;
    commit: string;
    headline: string;
    date: string;
    moved_from?: string;
    pull_request?: { number: number; title?: string };
  }>;
  notes: string[];
  note?: string;
}

/**
 * `get_line_history`'s result as plain lines, one per change and then what
 * the history cannot say: what `askcode ask` prints and `askcode mcp`'s
 * `history` tool answers.
 *
 * @example
 * lineHistoryText(JSON.parse(output.text))
 * // ["src/upload.ts:2-3 803ba9b 2025-01-01 Retry uploads twice (pull request #12: Retry failed uploads)"]
 */
export function lineHistoryText(history: LineHistoryPayload): string[] {
  const lines = history.changes.map((c) => {
    const pull = c.pull_request
      ? ` (pull request #${c.pull_request.number}${c.pull_request.title ? `: ${c.pull_request.title}` : ""})`
      : "";
    const moved = c.moved_from ? `; moved from ${c.moved_from} since` : "";
    return `${history.path}:${c.lines} ${c.commit} ${c.date} ${c.headline}${pull}${moved}`;
  });
  return [...lines, ...history.notes, ...(history.note ? [history.note] : [])];
}
