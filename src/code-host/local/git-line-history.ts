import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  emptyHistory,
  keepFirstCommits,
  pullRequestInSubject,
  type HistoryCommit,
  type HistoryPullRequest,
  type LineHistory,
  type LineHistoryRange,
} from "../line-history.js";
import {
  parseBlamePorcelain,
  type BlamedLine,
} from "./parse-blame-porcelain.js";
import { runGit } from "./run-git.js";

export interface GitLineHistoryOptions {
  /** The repository (a checkout or a bare one). */
  root: string;
  /** The commit blamed; undefined: the working tree, uncommitted edits included. */
  commit?: string;
  /** How long one history may take in git, all calls counted (default 10 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
// Merges naming a pull request tried per commit: the first that brought it is nearly always the oldest.
const MAX_MERGES_CHECKED = 3;
// What `git blame` gives lines nobody committed yet.
const UNCOMMITTED = /^0+$/;

/**
 * The history of a file's lines in a local repository, as
 * `CodeReader.lineHistory` gives it: `git blame --porcelain -M -C` (lines
 * followed across moves and copies within a commit, so a moved file names
 * where its lines came from), then, for each commit, the pull request
 * that brought it, read from the subjects GitHub writes: the commit's own
 * "Title (#34)" (a squash or a rebase), or else the oldest merge after it
 * that brought it in and names one ("Merge pull request #12 from …", whose
 * body's first line is the pull request's title, or "Title (#12)"). A shallow
 * checkout, an uncommitted line, a file git does not know and a blame that
 * does not finish in time are said in `limits`, one sentence each.
 *
 * @example
 * const history = createGitLineHistory({ root: "/src/app", commit: sha });
 * await history("src/upload.ts", 10, 24)
 * // { path, startLine: 10, endLine: 24, ranges: [{ startLine: 10, endLine: 24, commit: { sha, headline: "Retry uploads", committedAt, pullRequest: { number: 34, title: "Retry uploads" } } }], limits: [] }
 */
export function createGitLineHistory(options: GitLineHistoryOptions) {
  const { root, commit } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let shallow: Promise<ReadonlySet<string>> | undefined;

  return async function lineHistory(
    path: string,
    startLine: number,
    endLine: number,
  ): Promise<LineHistory> {
    const history = emptyHistory(path, startLine, endLine);
    const range = { startLine: history.startLine, endLine: history.endLine };
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const blamed = await blame(path, range, signal);
      if (typeof blamed === "string") {
        history.limits.push(blamed);
        return history;
      }
      const grouped = groupLines(path, blamed);
      const { uncommitted } = grouped;
      const { ranges, limit } = keepFirstCommits(grouped.ranges);
      if (limit) history.limits.push(limit);
      history.ranges = await withPullRequests(ranges, signal);
      if (uncommitted.length > 0)
        history.limits.push(
          uncommitted.length > 1
            ? `${describeLines(uncommitted)} of ${path} are not committed yet: they have no history.`
            : `${describeLines(uncommitted)} of ${path} is not committed yet: it has no history.`,
        );
      const edges = await shallowEdges();
      const edge = ranges.find((r) => edges.has(r.commit.sha));
      if (edge)
        history.limits.push(
          `This checkout's history is shallow (\`git rev-parse --is-shallow-repository\`): lines shown at ${edge.commit.sha.slice(0, 7)}, the oldest commit it holds, may be older; fetch the full history (\`git fetch --unshallow\`) to see their last change.`,
        );
    } catch (error) {
      if (!signal.aborted) throw error;
      history.ranges = [];
      history.limits.push(
        `git blame did not finish within ${Math.round(timeoutMs / 1000)} s on ${path}: its history was not read.`,
      );
    }
    return history;
  };

  async function blame(
    path: string,
    range: { startLine: number; endLine: number },
    signal: AbortSignal,
  ): Promise<BlamedLine[] | string> {
    const { code, stdout, stderr } = await runGit(
      root,
      [
        "blame",
        "--porcelain",
        "-M",
        "-C",
        // A root commit is a commit like any other, not a boundary.
        "--root",
        "-L",
        `${range.startLine},${range.endLine}`,
        ...(commit ? [commit] : []),
        "--",
        path,
      ],
      { signal },
    );
    if (code === 0) return parseBlamePorcelain(stdout.toString("utf8"));
    const at = commit ? ` at ${commit.slice(0, 7)}` : "";
    if (/has only \d+ lines?/.test(stderr))
      return `${path}${at} has fewer than ${range.startLine} lines: no history for lines ${range.startLine}-${range.endLine}.`;
    if (/no such path|no such file|does not exist/i.test(stderr))
      return `${path} is not a file git knows${at}: it has no history.`;
    return `git blame could not read ${path}${at} (git: "${stderr.split("\n")[0]}").`;
  }

  /**
   * The commits a shallow checkout's history stops at (git's `shallow`
   * file), which blame takes for where lines began; none when the history
   * is whole.
   */
  function shallowEdges(): Promise<ReadonlySet<string>> {
    shallow ??= (async () => {
      const asked = await runGit(root, [
        "rev-parse",
        "--is-shallow-repository",
        "--git-path",
        "shallow",
      ]);
      const [isShallow, file] = asked.stdout.toString("utf8").split("\n");
      if (asked.code !== 0 || isShallow !== "true" || !file) return new Set();
      const listed = await readFile(resolve(root, file), "utf8").catch(
        () => "",
      );
      return new Set(listed.split("\n").filter((sha) => sha !== ""));
    })();
    return shallow;
  }

  /** Each commit's pull request, looked up once per commit. */
  async function withPullRequests(
    ranges: LineHistoryRange[],
    signal: AbortSignal,
  ): Promise<LineHistoryRange[]> {
    const found = new Map<string, Promise<HistoryPullRequest | undefined>>();
    for (const { commit: c } of ranges)
      if (!found.has(c.sha)) found.set(c.sha, pullRequestOf(c, signal));
    const out: LineHistoryRange[] = [];
    for (const range of ranges) {
      const pullRequest = await found.get(range.commit.sha);
      out.push(
        pullRequest
          ? { ...range, commit: { ...range.commit, pullRequest } }
          : range,
      );
    }
    return out;
  }

  /**
   * The pull request that brought a commit: its own subject's "(#34)" (a
   * squash or a rebase), or the oldest merge descending from it that names
   * one ("Merge pull request #12 from …", or a merge titled "Title (#12)")
   * and brought it in on its second side, as GitHub merges a pull request;
   * its title is a "Merge pull request" body's first line. A merge of
   * branches ("Merge branch 'stable'") names none and is passed over.
   */
  async function pullRequestOf(
    blamed: HistoryCommit,
    signal: AbortSignal,
  ): Promise<HistoryPullRequest | undefined> {
    const own = pullRequestInSubject(blamed.headline);
    if (own && !own.merge)
      return { number: own.number, ...(own.title && { title: own.title }) };
    if (own)
      return { number: own.number, ...(await bodyTitle(blamed.sha, signal)) };
    const merges = await runGit(
      root,
      [
        "log",
        "--merges",
        "--ancestry-path",
        "--reverse",
        "--format=%H %P%x00%s",
        `${blamed.sha}..${commit ?? "HEAD"}`,
      ],
      { signal },
    );
    if (merges.code !== 0) return undefined;
    let checked = 0;
    for (const record of merges.stdout.toString("utf8").split("\n")) {
      const [shas = "", subject = ""] = record.split("\0");
      const named = pullRequestInSubject(subject);
      if (!named) continue;
      if (checked++ >= MAX_MERGES_CHECKED) return undefined;
      const [merge = "", firstParent = ""] = shas.split(" ");
      // Brought in on the merge's second side: not already on its first.
      const onFirst = await runGit(
        root,
        ["merge-base", "--is-ancestor", blamed.sha, firstParent],
        { signal },
      );
      if (onFirst.code !== 1) continue;
      return {
        number: named.number,
        ...(named.merge
          ? await bodyTitle(merge, signal)
          : named.title && { title: named.title }),
      };
    }
    return undefined;
  }

  /** A "Merge pull request" commit's body's first line: GitHub puts the pull request's title there. */
  async function bodyTitle(
    sha: string,
    signal: AbortSignal,
  ): Promise<{ title?: string }> {
    const shown = await runGit(
      root,
      ["show", "--no-patch", "--format=%b", sha],
      { signal },
    );
    const title = shown.stdout
      .toString("utf8")
      .split("\n")
      .map((l) => l.trim())
      .find((l) => l !== "");
    return shown.code === 0 && title ? { title } : {};
  }
}

/** Consecutive lines of one commit (under one path) as one range; uncommitted lines apart. */
function groupLines(
  path: string,
  lines: readonly BlamedLine[],
): { ranges: LineHistoryRange[]; uncommitted: number[] } {
  const ranges: LineHistoryRange[] = [];
  const uncommitted: number[] = [];
  for (const line of lines) {
    if (UNCOMMITTED.test(line.sha)) {
      uncommitted.push(line.line);
      continue;
    }
    const last = ranges.at(-1);
    const previousPath =
      line.filename && line.filename !== path ? line.filename : undefined;
    if (
      last &&
      last.commit.sha === line.sha &&
      last.endLine === line.line - 1 &&
      last.previousPath === previousPath
    ) {
      last.endLine = line.line;
      continue;
    }
    ranges.push({
      startLine: line.line,
      endLine: line.line,
      commit: {
        sha: line.sha,
        headline: line.summary,
        committedAt: new Date(line.committedAtSeconds * 1000).toISOString(),
      },
      ...(previousPath && { previousPath }),
    });
  }
  return { ranges, uncommitted };
}

/** "Line 4", "Lines 4-6", "Lines 4-6 and 9". */
function describeLines(lines: readonly number[]): string {
  const runs: string[] = [];
  let start = lines[0]!;
  for (let i = 1; i <= lines.length; i++) {
    if (i < lines.length && lines[i] === lines[i - 1]! + 1) continue;
    const end = lines[i - 1]!;
    runs.push(start === end ? `${start}` : `${start}-${end}`);
    start = lines[i]!;
  }
  const many = lines.length > 1;
  const joined =
    runs.length > 1
      ? `${runs.slice(0, -1).join(", ")} and ${runs.at(-1)}`
      : runs[0];
  return `${many ? "Lines" : "Line"} ${joined}`;
}
