import type { Deadline } from "../../shared/deadline.js";
import {
  emptyHistory,
  keepFirstCommits,
  type HistoryCommit,
  type LineHistory,
  type LineHistoryRange,
} from "../line-history.js";
import type { GitHubRepoContext } from "./repo-context.js";

/**
 * Octokit's `graphql` (the installation's, or the Action's token's): blame
 * has no REST route. It posts to `/graphql` on github.com and
 * `/api/graphql` on GitHub Enterprise Server.
 */
export type GraphqlRequest = (
  query: string,
  parameters: Record<string, unknown>,
) => Promise<unknown>;

// GitHub's blame of a long file with a long history can take a while; a
// history is a courtesy to the answer, so it never holds the run longer.
const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The fields askcode reads of GitHub's `Commit.blame`, named `LineBlame`.
 * https://docs.github.com/en/graphql/reference/objects#blame
 * https://docs.github.com/en/graphql/reference/objects#blamerange
 * No author: an answer that shows history pings no one.
 */
export const LINE_BLAME_QUERY = `query LineBlame($owner: String!, $repo: String!, $oid: GitObjectID!, $path: String!) {
  repository(owner: $owner, name: $repo) {
    object(oid: $oid) {
      ... on Commit {
        blame(path: $path) {
          ranges {
            startingLine
            endingLine
            age
            commit {
              oid
              abbreviatedOid
              messageHeadline
              committedDate
              url
              associatedPullRequests(first: 1) {
                nodes { number title url mergedAt }
              }
            }
          }
        }
      }
    }
  }
}`;

/** `BlameRange` as `LINE_BLAME_QUERY` asks for it. */
export interface BlameRangeNode {
  startingLine: number;
  endingLine: number;
  age: number;
  commit: {
    oid: string;
    abbreviatedOid: string;
    messageHeadline: string;
    committedDate: string;
    url: string;
    associatedPullRequests: {
      nodes: Array<{
        number: number;
        title: string;
        url: string;
        mergedAt: string | null;
      } | null> | null;
    };
  };
}

interface LineBlameData {
  repository: {
    object: { blame?: { ranges: BlameRangeNode[] } } | null;
  } | null;
}

export interface GraphqlLineHistoryOptions {
  ctx: Pick<GitHubRepoContext, "owner" | "repo">;
  graphql: GraphqlRequest;
  /** The commit blamed (40 hex digits). */
  sha: string;
  /** The run's deadline: a blame never outlasts it. */
  deadline?: Deadline;
  /** How long one blame may take (default 15 s). */
  timeoutMs?: number;
}

/**
 * The history of a file's lines on GitHub, as `CodeReader.lineHistory`
 * gives it: GitHub's GraphQL `blame` of the file at the commit, asked once
 * per file however many ranges of it are asked about (the API blames the
 * whole file), each commit with the first pull request GitHub associates
 * with it. A blame GitHub refuses or times out on, or one past the run's
 * time, is said in `limits`, in one sentence naming GitHub's reason.
 *
 * @example
 * const history = createGraphqlLineHistory({ ctx, graphql: octokit.graphql, sha });
 * await history("src/upload.ts", 10, 24) // { ranges: [{ startLine: 10, endLine: 24, commit: { …, pullRequest: { number: 34, title: "…", merged: true } } }], limits: [] }
 */
export function createGraphqlLineHistory(options: GraphqlLineHistoryOptions) {
  const { ctx, sha } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const files = new Map<string, Promise<BlameRangeNode[] | string>>();

  function blameFile(path: string): Promise<BlameRangeNode[] | string> {
    let blamed = files.get(path);
    if (!blamed) {
      blamed = askGitHub(path);
      files.set(path, blamed);
    }
    return blamed;
  }

  async function askGitHub(path: string): Promise<BlameRangeNode[] | string> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.deadline
      ? AbortSignal.any([timeout, options.deadline.signal])
      : timeout;
    try {
      const data = (await options.graphql(LINE_BLAME_QUERY, {
        owner: ctx.owner,
        repo: ctx.repo,
        oid: sha,
        path,
        request: { signal },
      })) as LineBlameData;
      const ranges = data.repository?.object?.blame?.ranges;
      return ranges ?? `GitHub has no blame of ${path} at ${sha.slice(0, 7)}.`;
    } catch (error) {
      return refusal(error, path, signal.aborted && timeout.aborted, timeoutMs);
    }
  }

  return async function lineHistory(
    path: string,
    startLine: number,
    endLine: number,
  ): Promise<LineHistory> {
    const history = emptyHistory(path, startLine, endLine);
    const range = { startLine: history.startLine, endLine: history.endLine };
    const blamed = await blameFile(path);
    if (typeof blamed === "string") {
      history.limits.push(blamed);
      return history;
    }
    const { ranges, limit } = keepFirstCommits(clip(blamed, range));
    history.ranges = ranges;
    if (limit) history.limits.push(limit);
    if (history.ranges.length === 0)
      history.limits.push(
        `${path} at ${sha.slice(0, 7)} has no lines ${range.startLine}-${range.endLine}: no history for them.`,
      );
    return history;
  };
}

/** GitHub's ranges that overlap the lines asked for, cut to them, in line order. */
function clip(
  ranges: readonly BlameRangeNode[],
  asked: { startLine: number; endLine: number },
): LineHistoryRange[] {
  const out: LineHistoryRange[] = [];
  for (const node of [...ranges].sort(
    (a, b) => a.startingLine - b.startingLine,
  )) {
    const startLine = Math.max(node.startingLine, asked.startLine);
    const endLine = Math.min(node.endingLine, asked.endLine);
    if (startLine <= endLine)
      out.push({ startLine, endLine, commit: toCommit(node.commit) });
  }
  return out;
}

function toCommit(node: BlameRangeNode["commit"]): HistoryCommit {
  const pull = node.associatedPullRequests.nodes?.find((n) => n !== null);
  return {
    sha: node.oid,
    headline: node.messageHeadline,
    committedAt: node.committedDate,
    ...(pull && {
      pullRequest: {
        number: pull.number,
        title: pull.title,
        merged: pull.mergedAt !== null,
      },
    }),
  };
}

/** What GitHub said when it would not blame the file, in one sentence. */
function refusal(
  error: unknown,
  path: string,
  timedOut: boolean,
  timeoutMs: number,
): string {
  if (timedOut)
    return `GitHub's blame of ${path} did not answer within ${Math.round(timeoutMs / 1000)} s: its history was not read.`;
  const said = graphqlMessage(error);
  if (said !== undefined) {
    const first = said.split(/(?<=\.)\s/)[0];
    return /timeout/i.test(said)
      ? `GitHub's blame of ${path} timed out (GitHub: "${first}"): its history was not read.`
      : `GitHub refused to blame ${path} (GitHub: "${first}"): its history was not read.`;
  }
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number")
    return `GitHub's blame of ${path} failed with HTTP ${status}: its history was not read.`;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "AbortError" || name === "TimeoutError")
    return `GitHub's blame of ${path} did not answer within the run's time: its history was not read.`;
  return `GitHub's blame of ${path} failed (${error instanceof Error ? error.message : String(error)}): its history was not read.`;
}

/**
 * GitHub's first GraphQL error message: Octokit throws a
 * `GraphqlResponseError` carrying `errors`, except for GitHub's "Something
 * went wrong while executing your query" (its timeout), which
 * `@octokit/plugin-retry` retries as an HTTP 500 `RequestError` holding
 * the response.
 */
function graphqlMessage(error: unknown): string | undefined {
  type WithErrors = { errors?: Array<{ message?: string }> };
  const direct = (error as WithErrors | null)?.errors;
  const inResponse = (error as { response?: { data?: WithErrors } } | null)
    ?.response?.data?.errors;
  const errors = Array.isArray(direct) ? direct : inResponse;
  return Array.isArray(errors) ? errors[0]?.message : undefined;
}
