import { commitLink, type RepositoryAtSha } from "../shared/permalink.js";
import { codeSpan } from "../text/code-span.js";

/** A place an answer cited that a later commit changed (the watch's `ChangedPlace`). */
export interface ChangedCitation {
  path: string;
  /** The lines cited; absent when the answer linked the whole file. */
  range?: CitedLines;
  fate: "changed" | "moved" | "deleted";
  /** Where the lines are now, when they moved (to another path, or other lines). */
  now?: { path: string; range?: CitedLines };
}

/** 1-based inclusive lines. */
type CitedLines = readonly [start: number, end: number];

/** Ends every note, so an answer is never noted twice, whoever edits it. */
export const CODE_CHANGED_MARKER = "<!-- askcode:code-changed -->";

// A note is a pointer, not a changelog: past this many places, a count.
const MAX_PLACES = 5;

/**
 * The note the staleness watch adds to an answer whose cited lines a push
 * to the default branch changed or moved: the commit, each place and what
 * became of it, and how to ask again at the new code. Paths are code
 * spans (`codeSpan`, as the answers quote code), not links: the answer's
 * own permalinks stay the places it read.
 *
 * @example
 * renderCodeChangedNote({ repository: { owner: "o", repo: "r", sha: "8f1e2a3…" }, handle: "askcode",
 *   places: [{ path: "src/retry.ts", range: [10, 20], fate: "moved", now: { path: "src/retry.ts", range: [12, 22] } }] })
 * // "> [!NOTE]\n> The code this answer cites changed in [8f1e2a3](https://github.com/o/r/commit/8f1e2a3…):\n> - `src/retry.ts` lines 10-20 moved to lines 12-22\n>\n> `@askcode /retry` asks the question again at the new code.\n<!-- askcode:code-changed -->"
 */
export function renderCodeChangedNote(input: {
  repository: RepositoryAtSha;
  places: readonly ChangedCitation[];
  handle: string;
}): string {
  const { repository, places } = input;
  const shown = places.slice(0, MAX_PLACES).map((p) => `> - ${describe(p)}`);
  if (places.length > MAX_PLACES)
    shown.push(`> - and ${places.length - MAX_PLACES} more`);
  return [
    "> [!NOTE]",
    `> The code this answer cites changed in [${repository.sha.slice(0, 7)}](${commitLink(repository)}):`,
    ...shown,
    ">",
    `> \`@${input.handle} /retry\` asks the question again at the new code.`,
    CODE_CHANGED_MARKER,
  ].join("\n");
}

function describe(place: ChangedCitation): string {
  const cited = `${quotePath(place.path)}${place.range ? ` ${lines(place.range)}` : ""}`;
  if (place.fate === "deleted")
    return place.range
      ? `${cited}: the file was deleted`
      : `${cited} was deleted`;
  if (place.fate === "changed") return `${cited} changed`;
  const now = place.now;
  if (!now) return `${cited} moved`;
  const where = [
    now.path !== place.path ? quotePath(now.path) : "",
    now.range ? lines(now.range) : "",
  ]
    .filter(Boolean)
    .join(" ");
  return `${cited} moved to ${where}`;
}

// A path is whatever git allows (a backtick, a line break, `](`): quoted as
// the answers quote code, in a span whose fence no run inside it can close,
// so nothing of it becomes a link, a mention or markup. Each span of a line
// is closed before the next opens, so none needs another's runs.
function quotePath(path: string): string {
  return codeSpan(path, NO_RUNS);
}

const NO_RUNS: ReadonlySet<number> = new Set();

function lines([start, end]: CitedLines): string {
  return start === end ? `line ${start}` : `lines ${start}-${end}`;
}
