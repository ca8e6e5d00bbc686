import type { CodeHost } from "../code-host/code-host.js";
import type { Conversation } from "../conversation/conversation.js";
import {
  pullRequestCommit,
  type PullRequestCommit,
} from "../conversation/pull-request-commit.js";
import type { PullRequestFacts } from "../conversation/pull-requests.js";
import { findAskedRef, type AskedRef } from "../question/find-asked-ref.js";
import type { QuestionJob } from "../question/question-job.js";
import type { Deadline } from "../shared/deadline.js";
import { createPathPolicy } from "../tools/path-policy.js";
import { runAt, type RunAtRepository } from "../question/run-at.js";
import {
  watchRepositoryReads,
  type WatchedReader,
} from "./watch-repository-reads.js";

/** The one commit a run reads, and how it was chosen. */
export interface RunCommit {
  /** A branch, tag or commit the question named. */
  asked?: AskedRef;
  /** The pull request the question was asked on. */
  pullRequest?: PullRequestFacts;
  /** Its head, when the run reads it (no ref was asked). */
  onHead?: PullRequestCommit;
  /** The repository at the commit, its reads watched for GitHub failing them. */
  watched: WatchedReader;
  at: RunAtRepository;
}

/**
 * The commit step of a run: a ref the question names ("on v2.1 …", a link)
 * is read, or none (RefNotFoundError), never the default instead; else a
 * pull request's head; else the default branch. Everything after reads at
 * that one SHA, through a reader that hides `exclude_paths`.
 *
 * @example
 * const { at, watched } = await resolveCommit(job, task, { conversation, codeHost }, deadline, budgets);
 */
export async function resolveCommit(
  job: Pick<QuestionJob, "owner" | "repo" | "htmlUrl" | "config">,
  task: QuestionJob["task"],
  clients: { conversation: Conversation; codeHost: CodeHost },
  deadline: Deadline,
  budgets: RunAtRepository["budgets"],
): Promise<RunCommit> {
  const { conversation, codeHost } = clients;
  const asked =
    task.kind === "question"
      ? findAskedRef(task.question, {
          owner: job.owner,
          repo: job.repo,
          htmlUrl: job.htmlUrl,
        })
      : undefined;
  // On a pull request, its head (a ref the question names still wins).
  const pullRequest = await conversation.readPullRequest(deadline);
  const onHead =
    pullRequest && !asked
      ? await pullRequestCommit(codeHost, pullRequest, deadline)
      : undefined;
  const resolved =
    onHead?.resolved ?? (await codeHost.resolveRef(asked?.ref, { deadline }));
  const excluded = createPathPolicy(job.config.exclude_paths);
  const watched = watchRepositoryReads(
    codeHost.at(resolved.sha, {
      deadline,
      exclude: {
        patterns: job.config.exclude_paths,
        excludes: (path) => excluded.hidden(path) === "excluded",
      },
    }),
  );
  const at = runAt({
    source: codeHost.label,
    owner: job.owner,
    repo: job.repo,
    htmlUrl: job.htmlUrl,
    ref: resolved.ref,
    ...(asked && { askedRef: asked.ref }),
    reader: watched.reader,
    budgets,
  });
  return {
    ...(asked && { asked }),
    ...(pullRequest && { pullRequest }),
    ...(onHead && { onHead }),
    watched,
    at,
  };
}
