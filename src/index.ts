import { readFileSync } from "node:fs";
import type { ApplicationFunction, Probot } from "probot";
import { Registry } from "prom-client";
import { openResponseCache } from "./compose/open-response-cache.js";
import type { GitHubHealth } from "./code-host/github/github-health.js";
import { appSlugOnce } from "./compose/app-slug-once.js";
import { createClientsFor } from "./compose/create-clients-for.js";
import { createQuestionRunner } from "./compose/create-question-runner.js";
import {
  keptCoChangeSource,
  type KeptCoChangeSource,
} from "./compose/kept-co-change-source.js";
import { createReadCaches } from "./compose/create-read-caches.js";
import { openJobQueue } from "./compose/open-job-queue.js";
import { openStores } from "./compose/open-stores.js";
import { settlingFirst } from "./compose/settling-first.js";
import { watchPushedAnswers } from "./compose/watch-pushed-answers.js";
import {
  loadOperatorConfig,
  unknownOperatorVariables,
} from "./config/operator-config.js";
import { createAskcodeMetrics } from "./metrics/askcode-metrics.js";
import { loadMissions } from "./missions/load-missions.js";
import type { JobQueue } from "./jobs/job-queue.js";
import {
  createInFlightRuns,
  type InFlightRuns,
} from "./conversation/in-flight-runs.js";
import { systemClock, type Clock } from "./shared/clock.js";
import type { PushWatch } from "./watch/push-watch.js";
import { createPushHandler } from "./webhooks/handle-push-event.js";
import { createTriggerHandler } from "./webhooks/handle-trigger-event.js";
import { TRIGGER_EVENTS } from "./webhooks/trigger-events.js";
import { createCpuPool } from "./worker-threads/cpu-pool.js";

export interface AskcodeOptions {
  env?: Readonly<Record<string, string | undefined>>;
  clock?: Clock;
  /** Waits in the code host's Octokit, per second of retry-after (tests shrink it). */
  retryAfterBaseValue?: number;
  /** Called with the queue once built (tests wait on `onIdle`; the shutdown stops it). */
  onQueue?(queue: JobQueue): void;
  /** Called with the staleness watch once built (tests wait on `idle`). */
  onPushWatch?(pushes: PushWatch): void;
  /** Called with the co-change history's source once built (tests wait on its fills' `idle`). */
  onCoChange?(coChange: KeptCoChangeSource): void;
  /**
   * Where askcode registers its metrics: the registry `GET /metrics` serves
   * (`registry.contentType`, `await registry.metrics()`). Default: a registry
   * of its own, which no one reads.
   */
  metrics?: Registry;
  /** Watches every request to GitHub (the server's, whose Probot Octokit it also watches); none: not watched. */
  github?: GitHubHealth;
  /** The runs' open comments, for the shutdown to mark interrupted (default: the app's own). */
  inFlight?: InFlightRuns;
  /**
   * With REDIS_URL: how long a running job's lock lasts and how often
   * workers look for lapsed ones (BullMQ's 30 s each by default; a test
   * shortens them to see a killed replica's job taken up quickly).
   */
  redisQueueTiming?: { lockDurationMs: number; stalledIntervalMs: number };
}

/**
 * askcode's composition root, the only place that builds clients (with the
 * factories of `compose/`): settings (a broken mission file stops the start
 * with the file and key) → stores → clients → queue → handlers.
 */
export function createAskcodeApp(
  options: AskcodeOptions = {},
): ApplicationFunction {
  return async (app: Probot) => {
    // Settings.
    const env = options.env ?? process.env;
    const clock = options.clock ?? systemClock;
    const operator = loadOperatorConfig(env, {
      readFile: (path) => readFileSync(path, "utf8"),
    });
    for (const warning of unknownOperatorVariables(env)) app.log.warn(warning);
    const missions = await loadMissions(operator.missionsDir);
    // Stores. What the process keeps of the repositories it read: commits
    // in memory, kept text and derived index data on disk by blob SHA, so a
    // new commit costs its tree and the blobs that changed.
    const caches = await createReadCaches(operator, { clock, log: app.log });
    // A question's long CPU work (a first read's redaction and chunking,
    // making the answer safe to post) runs on threads, so webhooks are
    // acknowledged meanwhile; the threads end with the queue.
    const cpu =
      operator.cpuThreads > 0
        ? createCpuPool({ threads: operator.cpuThreads })
        : undefined;
    const metrics = createAskcodeMetrics(
      options.metrics ?? new Registry(),
      operator.modelPrices,
    );
    // Every durable store, on Redis (replicas share them) or the embedded
    // store (one process), chosen once: docs/architecture/overview.md.
    const stores = await openStores(operator, {
      clock,
      log: app.log,
      searchWaits: metrics.github.searchWait,
      redisQueueTiming: options.redisQueueTiming,
    });
    const responseCache = openResponseCache(operator, stores, clock);
    // Clients: what the factories below are built from (the app's name is
    // read once per process), and the installation's clients per job. Then
    // the queue, running the questions.
    const parts = {
      app,
      operator,
      missions,
      clock,
      metrics,
      stores,
      caches,
      responseCache,
      cpu,
      appSlug: appSlugOnce(app),
      inFlight: options.inFlight ?? createInFlightRuns(app.log, { clock }),
      github: options.github,
      retryAfterBaseValue: options.retryAfterBaseValue,
    };
    const clientsFor = createClientsFor(parts);
    const pushes = watchPushedAnswers(parts);
    options.onPushWatch?.(pushes);
    // The history packing's co-change tier reads: the pushes kept, and
    // first fills after answers (docs/architecture/overview.md).
    const coChange = keptCoChangeSource({
      app,
      history: stores.commitHistory,
      fillRequests: operator.historyFillRequests,
    });
    options.onCoChange?.(coChange);
    // The queue closes last, and the store with it: a push's check still
    // writing its note ends first, and a fill stops and keeps what it read
    // (the webhooks stopped before).
    const queue = settlingFirst(
      openJobQueue(
        createQuestionRunner({ ...parts, clientsFor, coChange }),
        parts,
      ),
      async () => {
        await pushes.idle();
        await coChange.stop();
      },
    );
    options.onQueue?.(queue);
    // Handlers: a delivery that may ask is screened and queued; a push to a
    // default branch checks the answers whose cited lines it changed.
    app.on(
      [...TRIGGER_EVENTS],
      createTriggerHandler({
        queue,
        missions,
        now: () => new Date(clock.now()),
        metrics: metrics.webhooks,
      }),
    );
    app.on("push", createPushHandler({ pushes, metrics: metrics.webhooks }));
    app.log.info(
      `askcode is ready: ${missions.length} missions, ${operator.modelEndpoint ? `model ${operator.model}` : "no model (answers from retrieval alone)"}.`,
    );
  };
}

export default createAskcodeApp();
