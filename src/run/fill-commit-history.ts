import {
  commitPaths,
  listCommitShas,
  type RateQuota,
} from "../code-host/github/commit-files.js";
import type { RequestingOctokit } from "../code-host/github/create-octokit.js";
import { MAX_COMMIT_FILES } from "../retrieval/history/co-change-history.js";
import type {
  CommitHistory,
  KeptCommit,
} from "../storage/commit-history/commit-history.js";
import type { KeptHistoryAt } from "./kept-history-at.js";

export interface FillCommitHistoryInput {
  repositoryId: number;
  owner: string;
  repo: string;
  /** Where the kept history stops (`keptHistoryAt(…).resume`). */
  resume: NonNullable<KeptHistoryAt["resume"]>;
  /** The most requests to GitHub this fill may send (the operator's `ASKCODE_HISTORY_FILL_REQUESTS`). */
  requests: number;
}

export interface FillCommitHistoryDeps {
  /** The installation's Octokit, throttled and retried as every read of the app. */
  octokit: RequestingOctokit;
  history: CommitHistory;
  /** The repository's kept commits, as read before the fill. */
  kept: ReadonlyMap<string, KeptCommit>;
  /**
   * Aborted when the process stops: the request under way ends (one
   * waiting for GitHub to come back too), nothing more is sent, and what
   * was read is kept.
   */
  signal?: AbortSignal;
}

// The fill gives way to questions: it stops once less than this share of
// the installation's hourly requests is left.
const QUOTA_KEPT_FOR_QUESTIONS = 0.25;

/**
 * Reads on where a repository's kept history stops: one request lists the
 * commits back from `resume.from` (`listCommitShas`), then one request per
 * commit not kept reads its files (`commitPaths`; GitHub's GraphQL API
 * lists no files), newest first, until the budget of `requests` is spent,
 * a commit kept with what came before it joins the kept history, the
 * token has less than a quarter of its rate limit left, or the process is
 * stopping. What was read is
 * kept even when a request fails (then it throws); a list shorter than
 * asked for ends at the repository's first commit.
 *
 * @example
 * await fillCommitHistory({ repositoryId, owner, repo, resume: { from: head, kept: false }, requests: 100 }, { octokit, history, kept })
 * // { read: 99, requests: 100 }
 */
export async function fillCommitHistory(
  input: FillCommitHistoryInput,
  deps: FillCommitHistoryDeps,
): Promise<{ read: number; requests: number }> {
  const { owner, repo, resume } = input;
  if (input.requests < 2) return { read: 0, requests: 0 };
  // One commit more than the budget reads, so the last one read knows what
  // came before it; and the commit resumed from is listed first, when kept
  // only for its place.
  const count = Math.min(100, input.requests + (resume.kept ? 1 : 0));
  const listed = await listCommitShas(deps.octokit, {
    owner,
    repo,
    from: resume.from,
    count,
    ...(deps.signal && { signal: deps.signal }),
  });
  let requests = 1;
  let quota = listed.quota;
  const { shas } = listed;
  const found: KeptCommit[] = [];
  try {
    for (const [index, sha] of shas.entries()) {
      const previous =
        shas[index + 1] ?? (shas.length < count ? null : undefined);
      const kept = deps.kept.get(sha);
      if (kept) {
        found.push({
          sha,
          ...(previous !== undefined && { previous }),
          files: kept.files,
        });
        if (kept.previous !== undefined) break;
        continue;
      }
      if (requests >= input.requests || low(quota) || deps.signal?.aborted)
        break;
      const read = await commitPaths(deps.octokit, {
        owner,
        repo,
        sha,
        maxFiles: MAX_COMMIT_FILES,
        ...(deps.signal && { signal: deps.signal }),
      });
      requests++;
      quota = read.quota ?? quota;
      found.push({
        sha,
        ...(previous !== undefined && { previous }),
        files: read.tooMany ? [] : read.paths,
      });
    }
  } finally {
    await deps.history.add(input.repositoryId, found);
  }
  return {
    read: found.filter((commit) => !deps.kept.has(commit.sha)).length,
    requests,
  };
}

function low(quota: RateQuota | undefined): boolean {
  return !!quota && quota.remaining < quota.limit * QUOTA_KEPT_FOR_QUESTIONS;
}
