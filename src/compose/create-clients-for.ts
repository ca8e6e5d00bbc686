import type { Probot } from "probot";
import type { GitHubHealth } from "../code-host/github/github-health.js";
import type { OperatorConfig } from "../config/operator-config.js";
import type { ResponseCache } from "../cache/response-cache.js";
import type { AskcodeMetrics } from "../metrics/askcode-metrics.js";
import { countAnswerReactions } from "./count-answer-reactions.js";
import type { QuestionJob } from "../question/question-job.js";
import type { InstallationClients } from "../run/run-question-deps.js";
import { createInstallationClients } from "./create-installation-clients.js";
import type { ReadCaches } from "./create-read-caches.js";
import { installationCredentials } from "./installation-credentials.js";
import type { Stores } from "./open-stores.js";

export interface ClientsForDeps {
  /** Probot: the installation's Octokit, and the logger askcode's own Octokit and code host log to. */
  app: Pick<Probot, "auth" | "log">;
  /** The app's slug, read once per process (`appSlugOnce`). */
  appSlug(): Promise<string>;
  operator: Pick<
    OperatorConfig,
    "ownSecrets" | "maxFileBytes" | "snapshotMaxBytes"
  >;
  /** The process's read caches (`createReadCaches`): commits in memory, kept text on disk. */
  caches: Pick<ReadCaches, "snapshotCache" | "keptTexts">;
  /** GitHub's responses with their ETags, shared by every installation under its namespace. */
  responseCache: ResponseCache;
  /** The code-search budget, and where the 👎 on askcode's answers are remembered. */
  stores: Pick<Stores, "pacer" | "reactions">;
  metrics: Pick<AskcodeMetrics, "github" | "reactions">;
  /** Waits in askcode's own Octokit, per second of retry-after (tests shrink it). */
  retryAfterBaseValue?: number;
  /** Which of the login's comments are askcode's (`ThreadReadOptions.isOwnComment`); absent: all. */
  isOwnComment?(body: string): boolean;
  /** Watches every request to GitHub; none: not watched. */
  github?: Pick<GitHubHealth, "fetch">;
}

/**
 * The clients each job runs with, built per job from the installation's
 * Probot Octokit: the conversation's reads and writes (REST and GraphQL) on
 * Probot's, paced with askcode's other writes, and the code read through
 * askcode's own Octokit on the installation's token and API root
 * (`createInstallationClients`).
 *
 * @example
 * const clientsFor = createClientsFor({ app, appSlug, operator, caches, responseCache, stores, metrics });
 * const { conversation, codeHost } = await clientsFor(job);
 */
export function createClientsFor(
  deps: ClientsForDeps,
): (job: QuestionJob) => Promise<InstallationClients> {
  const { app, caches, stores, metrics } = deps;
  // 👎 on askcode's answers, counted as threads are read (GitHub sends
  // no webhook for reactions); replicas share what each has counted.
  const answersRead = countAnswerReactions({
    memory: stores.reactions,
    metrics: metrics.reactions,
    log: app.log,
  });
  // What every installation's code host shares: caches and the search budget.
  const shared = {
    responseCache: deps.responseCache,
    snapshotCache: caches.snapshotCache,
    pacer: stores.pacer,
    metrics: metrics.github,
    ...(caches.keptTexts ? { texts: caches.keptTexts } : {}),
  };
  return async (job) => {
    const installation = await app.auth(job.installationId);
    const { token, baseUrl } = await installationCredentials(installation);
    return createInstallationClients(job, {
      installation,
      token,
      octokit: {
        baseUrl,
        retryAfterBaseValue: deps.retryAfterBaseValue,
        logger: app.log,
        ...(deps.github ? { fetch: deps.github.fetch } : {}),
      },
      conversation: {
        // Read by the worker before the run; unknown, no comment is
        // askcode's, so the thread read cannot tell its own answers.
        appSlug: await deps.appSlug().catch((error: unknown) => {
          app.log.warn(
            { err: error, deliveryId: job.deliveryId },
            "askcode could not read its app's name (GET /app); the thread read will not recognise its own answers",
          );
          return undefined;
        }),
        answersRead,
        ...(deps.isOwnComment ? { isOwnComment: deps.isOwnComment } : {}),
        ownSecrets: deps.operator.ownSecrets,
      },
      shared,
      limits: deps.operator,
      log: app.log,
    });
  };
}
