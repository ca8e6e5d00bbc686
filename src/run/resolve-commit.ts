import { pullRequestCommit } from "../conversation/pull-request-commit.js";
import { findAskedRef } from "../question/find-asked-ref.js";
import { createPathPolicy } from "../tools/path-policy.js";
import { runAt } from "../question/run-at.js";
import type { RunState, StepResult } from "./run-state.js";
import { watchRepositoryReads } from "./watch-repository-reads.js";

/**
 * The commit step of a run: a ref the question names ("on v2.1 …", a link)
 * is read, or none (RefNotFoundError), never the default instead; else a
 * pull request's head; else the default branch. Everything after reads at
 * that one SHA, through a reader that hides `exclude_paths`.
 *
 * @example
 * const { next } = await resolveCommit(run); // next.commit: { at, watched, … }
 */
export async function resolveCommit(
  state: Pick<
    RunState,
    "job" | "task" | "clients" | "deadline" | "runSettings"
  >,
): Promise<StepResult<Pick<RunState, "commit">>> {
  const { job, task, deadline } = state;
  const { conversation, codeHost } = state.clients;
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
    budgets: state.runSettings.budgets,
  });
  return {
    next: {
      commit: {
        ...(asked && { asked }),
        ...(pullRequest && { pullRequest }),
        ...(onHead && { onHead }),
        watched,
        at,
      },
    },
  };
}
