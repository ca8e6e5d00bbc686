import type { Probot } from "probot";
import type { QuestionJob } from "../question/question-job.js";
import type { CoChangeSource } from "../run/co-change-source.js";
import { fillCommitHistory } from "../run/fill-commit-history.js";
import { keptHistoryAt } from "../run/kept-history-at.js";
import type { CommitHistory } from "../storage/commit-history/commit-history.js";

export interface KeptCoChangeSourceDeps {
  /** Probot: the installation's Octokit a fill reads with, and the log. */
  app: Pick<Probot, "auth" | "log">;
  /** The commits kept per repository (`Stores.commitHistory`). */
  history: CommitHistory;
  /** The most requests one fill sends (`ASKCODE_HISTORY_FILL_REQUESTS`); 0: no fill, only pushes. */
  fillRequests: number;
}

/** The App's co-change source, with a way to wait for the fills under way (tests, the shutdown). */
export interface KeptCoChangeSource extends CoChangeSource {
  /** Resolves once every fill started so far ended. */
  idle(): Promise<void>;
  /** The shutdown: no fill starts, the one under way stops after its current request; resolves once it kept what it read. */
  stop(): Promise<void>;
}

/**
 * The App's history for packing's co-change tier: the commits its push
 * webhooks kept, read back from the question's commit (`keptHistoryAt`:
 * never a commit after it; a commit not kept has none). Once a question was
 * answered at a commit whose kept history stops short, one fill of at most
 * `fillRequests` requests reads on from there (`fillCommitHistory`), one
 * fill at a time per process and one per repository, after the reply
 * landed: it never delays an answer, and a failure is only logged.
 *
 * @example
 * const coChange = keptCoChangeSource({ app, history: stores.commitHistory, fillRequests: 100 });
 * await coChange.at(job, sha) // { commit: sha, commits: [["CHANGES.rst", "src/app.py"], …] }
 */
export function keptCoChangeSource(
  deps: KeptCoChangeSourceDeps,
): KeptCoChangeSource {
  const { app, history } = deps;
  let chain: Promise<void> = Promise.resolve();
  // Aborted at the shutdown: a fill's request waiting on GitHub ends too.
  const stopping = new AbortController();
  const filling = new Set<number>();
  const fill = async (job: QuestionJob, repositoryId: number, sha: string) => {
    const kept = await history.read(repositoryId);
    const { resume } = keptHistoryAt(kept, sha);
    if (!resume) return;
    const octokit = await app.auth(job.installationId);
    const done = await fillCommitHistory(
      {
        repositoryId,
        owner: job.owner,
        repo: job.repo,
        resume,
        requests: deps.fillRequests,
      },
      { octokit, history, kept, signal: stopping.signal },
    );
    app.log.info(
      { repository: `${job.owner}/${job.repo}`, ...done },
      "askcode read more of the repository's history for its co-change tier",
    );
  };
  return {
    async at(job, sha) {
      if (job.repositoryId === undefined) return undefined;
      return keptHistoryAt(await history.read(job.repositoryId), sha).history;
    },
    answered(job, sha) {
      const { repositoryId } = job;
      if (
        deps.fillRequests === 0 ||
        repositoryId === undefined ||
        stopping.signal.aborted
      )
        return;
      if (filling.has(repositoryId)) return;
      filling.add(repositoryId);
      chain = chain
        .then(() => fill(job, repositoryId, sha))
        .catch((error: unknown) => {
          // Cut short by the shutdown: what it read is kept, nothing failed.
          if (stopping.signal.aborted) return;
          app.log.warn(
            { err: error, deliveryId: job.deliveryId },
            "askcode could not read more of the repository's history; its co-change tier waits for pushes",
          );
        })
        .finally(() => filling.delete(repositoryId));
    },
    idle: () => chain,
    stop: () => {
      stopping.abort(new Error("askcode is stopping"));
      return chain;
    },
  };
}
