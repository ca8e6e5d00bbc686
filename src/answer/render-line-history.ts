import {
  squashedNote,
  type HistoryCommit,
  type LineHistory,
  type LineHistoryRange,
} from "../code-host/line-history.js";
import {
  commitLink,
  permalink,
  pullRequestLink,
  type RepositoryAtSha,
} from "../shared/permalink.js";
import { codeSpan } from "./render-footer.js";

// Enough to see who decided what; the permalinks' blame view has the rest.
const MAX_LINES = 12;

/**
 * The "History of the cited lines" section an answer ends with: for each
 * place, the commits that last changed its lines, each linked, with its
 * headline, its day and the pull request that brought it (number and
 * title, linked), then what the history could not say, one line each
 * (`LineHistory.limits`, a squashed commit, a file moved since). Names no
 * one: no author, no login. Empty when there is nothing to show.
 *
 * Headlines and titles are the repository's text: Markdown in them is
 * shown as written, and the whole comment is made safe to post after
 * (`securePostedText`: mentions and closing keywords made inert).
 *
 * @example
 * renderLineHistory([history], { owner: "o", repo: "r", sha })
 * // "**History of the cited lines**\n\n- [`src/upload.ts`, lines 2-3](…#L2-L3): [`803ba9b`](…/commit/803ba9b…) Retry uploads twice (2025-01-01), pull request [#12 Retry failed uploads](…/pull/12)"
 */
export function renderLineHistory(
  histories: readonly LineHistory[],
  repository: RepositoryAtSha,
): string {
  const out: string[] = [];
  for (const history of histories) {
    // One line per commit: a commit that changed lines here and there reads once.
    for (const ranges of byCommit(history.ranges))
      out.push(
        `- ${place(history.path, ranges, repository)}: ${commit(ranges[0]!.commit, repository)}${moved(ranges[0]!)}`,
      );
    const squashed = squashedNote(history);
    for (const limit of [...(squashed ? [squashed] : []), ...history.limits])
      out.push(`- ${place(history.path, [history], repository)}: ${limit}`);
  }
  if (out.length === 0) return "";
  const shown = out.slice(0, MAX_LINES);
  if (out.length > shown.length)
    shown.push(
      `- … and ${out.length - shown.length} more, in the blame view of each place.`,
    );
  return ["**History of the cited lines**", "", ...shown].join("\n");
}

/** The ranges of one commit (and one earlier path), in line order, first seen first. */
function byCommit(ranges: readonly LineHistoryRange[]): LineHistoryRange[][] {
  const groups = new Map<string, LineHistoryRange[]>();
  for (const range of ranges) {
    const key = `${range.commit.sha}\0${range.previousPath ?? ""}`;
    const group = groups.get(key);
    if (group) group.push(range);
    else groups.set(key, [range]);
  }
  return [...groups.values()];
}

/** "[`src/a.ts`, lines 1, 4-6 and 8](permalink to the first)". */
function place(
  path: string,
  ranges: ReadonlyArray<{ startLine: number; endLine: number }>,
  repository: RepositoryAtSha,
): string {
  const spans = ranges.map(({ startLine, endLine }) =>
    startLine === endLine ? `${startLine}` : `${startLine}-${endLine}`,
  );
  const one =
    ranges.length === 1 && ranges[0]!.startLine === ranges[0]!.endLine;
  const which = `${one ? "line" : "lines"} ${
    spans.length > 1
      ? `${spans.slice(0, -1).join(", ")} and ${spans.at(-1)}`
      : spans[0]
  }`;
  const { startLine, endLine } = ranges[0]!;
  return `[${codeSpan(path)}, ${which}](${permalink({ ...repository, path, startLine, endLine })})`;
}

function commit(c: HistoryCommit, repository: RepositoryAtSha): string {
  const day = c.committedAt.slice(0, 10);
  const pull = c.pullRequest;
  const via = pull
    ? `, ${pull.merged === false ? "in open pull request" : "pull request"} [#${pull.number}${pull.title ? ` ${plain(pull.title)}` : ""}](${pullRequestLink(repository, pull.number)})`
    : "";
  return `[${codeSpan(c.sha.slice(0, 7))}](${commitLink({ ...repository, sha: c.sha })}) ${plain(c.headline) || "(no message)"} (${day})${via}`;
}

function moved(range: LineHistoryRange): string {
  return range.previousPath
    ? `; moved from ${codeSpan(range.previousPath)} since`
    : "";
}

/**
 * Text as written: its Markdown (links, emphasis, HTML) shown, not acted
 * on; one that holds an address is a code span, which GitHub does not
 * link, since these links were never checked against the link policy.
 */
function plain(text: string): string {
  if (/https?:|www\./i.test(text)) return codeSpan(text);
  return text.replace(/[\\`*_[\]<>|~!]/g, "\\$&").trim();
}
