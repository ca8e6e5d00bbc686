import type { Probot } from "probot";
import type { ResponseCache } from "../cache/response-cache.js";
import { compareCommits } from "../code-host/github/compare-commits.js";
import { createGitHubApi } from "../code-host/github/github-api.js";
import { githubFilesAt } from "../code-host/github/github-files-at.js";
import { installationConfigSource } from "../config/installation-config-source.js";
import { loadRepoConfig } from "../config/load-repo-config.js";
import type { OperatorConfig } from "../config/operator-config.js";
import { openConversation } from "../conversation/open-conversation.js";
import type { AskcodeMetrics } from "../metrics/askcode-metrics.js";
import type { Mission } from "../missions/mission-schema.js";
import type { Clock } from "../shared/clock.js";
import { checkPushedAnswers } from "../watch/check-pushed-answers.js";
import { pushedKeptCommits } from "../watch/pushed-kept-commits.js";
import { MAX_COMMIT_FILES } from "../retrieval/history/co-change-history.js";
import type { PushFacts } from "../watch/push-facts.js";
import { createPushWatch, type PushWatch } from "../watch/push-watch.js";
import type { Stores } from "./open-stores.js";

export interface WatchPushedAnswersDeps {
  /** Probot: each installation's Octokit, and the log a check reports to. */
  app: Pick<Probot, "auth" | "log">;
  operator: Pick<OperatorConfig, "handle" | "ownSecrets">;
  missions: readonly Mission[];
  /** The answers kept and what each cited. */
  stores: Pick<Stores, "answerRecords" | "commitHistory">;
  /** The process's GitHub responses with their ETags, shared with the runs. */
  responseCache: ResponseCache;
  /** The app's slug, read once per process (`appSlugOnce`): the handle when no other is set. */
  appSlug(): Promise<string>;
  metrics: Pick<AskcodeMetrics, "watch">;
  clock: Clock;
}

/**
 * The staleness watch: each push to a default branch (`handlePushEvent`
 * queues it) is kept in the repository's commit history (for the co-change
 * tier) and checked, one at a time after its webhook was answered,
 * against the answers kept, and an answer whose cited lines it changed gets
 * a note (`checkPushedAnswers`), counted per repository.
 *
 * @example
 * const pushes = watchPushedAnswers({ app, operator, missions, stores, responseCache, appSlug, metrics, clock });
 * app.on("push", createPushHandler({ pushes }));
 */
export function watchPushedAnswers(deps: WatchPushedAnswersDeps): PushWatch {
  const { app, operator, clock } = deps;
  const checkPush = async (push: PushFacts) => {
    // The push's commits join the repository's history for the co-change
    // tier; failing that, only the tier misses them.
    await deps.stores.commitHistory
      .add(push.repositoryId, pushedKeptCommits(push, MAX_COMMIT_FILES))
      .catch((error: unknown) =>
        app.log.warn(
          { err: error, deliveryId: push.deliveryId },
          "askcode could not keep the pushed commits for its co-change tier",
        ),
      );
    const installation = await app.auth(push.installationId);
    const repository = { owner: push.owner, repo: push.repo };
    return checkPushedAnswers(push, {
      records: deps.stores.answerRecords,
      compare: (base, head) =>
        compareCommits(installation, { ...repository, base, head }),
      // Cited files the comparison cannot judge, through the response
      // cache: answers citing one file at one commit read it once.
      files: githubFilesAt(
        {
          api: createGitHubApi({
            octokit: installation,
            cache: deps.responseCache,
            namespace: `installation:${push.installationId}`,
          }),
          ...repository,
        },
        push.head,
      ),
      settings: async () => {
        const { config } = await loadRepoConfig(
          installationConfigSource(
            installation,
            { ...push, event: "push" },
            app.log,
          ),
          { missionNames: deps.missions.map((mission) => mission.name) },
        );
        return {
          watch: config.answers.watch,
          days: config.answers.watch_days,
          handle: config.handle ?? operator.handle ?? (await deps.appSlug()),
        };
      },
      commentsAt: async (place) => {
        const conversation = openConversation(installation, place, {
          ownSecrets: operator.ownSecrets,
        });
        const read = conversation.read;
        if (!read) throw new Error("askcode cannot read its answers here");
        return { read, update: conversation.update };
      },
      clock,
      log: app.log,
    });
  };
  return createPushWatch(
    async (push) =>
      deps.metrics.watch.checked(
        `${push.owner}/${push.repo}`,
        await checkPush(push),
      ),
    app.log,
  );
}
