import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  capHistoryRange,
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
// What `git blame` gives lines nobody committed yet.
const UNCOMMITTED = /^0+$/;

/**
 * The history of a file's lines in a local repository, as
 * `CodeReader.lineHistory` gives it: `git blame --porcelain -M -C` (lines
 * followed across moves and copies within a commit, so a moved file names
 * where its lines came from), then, for each commit, the pull request
 * that brought it, read from the subjects GitHub writes: the commit's own
 * "Title (#34)" (a squash or a rebase), or else "Merge pull request #12
 * from …" on the merge that brought it into the blamed commit's first-parent
 * line, whose body's first line is the pull request's title. A shallow
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
    const range = capHistoryRange(startLine, endLine);
    const history: LineHistory = {
      path,
      startLine: range.startLine,
      endLine: range.endLine,
      ranges: [],
      limits: range.limit ? [range.limit] : [],
    };
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
   * The oldest commit on the blamed commit's first-parent line that
   * descends from `sha`: the merge that brought it in, or its child on that
   * line when it was committed there itself.
   */
  async function mergeThatBrought(
    sha: string,
    signal: AbortSignal,
  ): Promise<string | undefined> {
    const line = await runGit(
      root,
      [
        "rev-list",
        "--first-parent",
        "--ancestry-path",
        `${sha}..${commit ?? "HEAD"}`,
      ],
      { signal },
    );
    if (line.code !== 0) return undefined;
    return line.stdout.toString("utf8").trim().split("\n").at(-1) || undefined;
  }

  async function pullRequestOf(
    blamed: HistoryCommit,
    signal: AbortSignal,
  ): Promise<HistoryPullRequest | undefined> {
    const own = pullRequestInSubject(blamed.headline);
    if (own && !own.merge)
      return { number: own.number, ...(own.title && { title: own.title }) };
    const mergeSha = own?.merge
      ? blamed.sha
      : await mergeThatBrought(blamed.sha, signal);
    if (!mergeSha) return undefined;
    const shown = await runGit(
      root,
      ["show", "--no-patch", "--format=%P%x00%s%x00%b", mergeSha],
      { signal },
    );
    if (shown.code !== 0) return undefined;
    const [parents = "", subject = "", body = ""] = shown.stdout
      .toString("utf8")
      .split("\0");
    // Its first parent is the blamed commit: that was committed on the line itself.
    if (mergeSha !== blamed.sha && parents.split(" ")[0] === blamed.sha)
      return undefined;
    const merged = pullRequestInSubject(subject);
    if (!merged?.merge) return undefined;
    const title = body
      .split("\n")
      .map((l) => l.trim())
      .find((l) => l !== "");
    return { number: merged.number, ...(title && { title }) };
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
