import { readFileSync } from "node:fs";
import type { ApplicationFunction, Probot } from "probot";
import { Registry } from "prom-client";
import { createOpenAIChatModel } from "./agent/openai-chat-model.js";
import { closingAlso } from "./compose/closing-also.js";
import { createInstallationClients } from "./compose/create-installation-clients.js";
import { createReadCaches } from "./compose/create-read-caches.js";
import { installationCredentials } from "./compose/installation-credentials.js";
import { openStores } from "./compose/open-stores.js";
import { createResponseCache } from "./cache/response-cache.js";
import type { GitHubHealth } from "./code-host/github/github-health.js";
import { installationConfigSource } from "./config/installation-config-source.js";
import {
  loadOperatorConfig,
  unknownOperatorVariables,
  type OperatorConfig,
} from "./config/operator-config.js";
import type { JobAttempt, JobEnd, JobQueue } from "./jobs/job-queue.js";
import type { QuestionJob } from "./question/question-job.js";
import type { TriggerJob } from "./question/trigger-job.js";
import { createAskcodeMetrics } from "./metrics/askcode-metrics.js";
import { countJobQueue } from "./jobs/count-job-queue.js";
import { countQuestionRuns } from "./run/count-question-runs.js";
import { countAnswerReactions } from "./compose/count-answer-reactions.js";
import { compareCommits } from "./code-host/github/compare-commits.js";
import { createGitHubApi } from "./code-host/github/github-api.js";
import { githubFilesAt } from "./code-host/github/github-files-at.js";
import { loadRepoConfig } from "./config/load-repo-config.js";
import { checkPushedAnswers } from "./watch/check-pushed-answers.js";
import type { PushFacts } from "./watch/push-facts.js";
import { createPushWatch, type PushWatch } from "./watch/push-watch.js";
import { createPushHandler } from "./webhooks/handle-push-event.js";
import { loadMissions } from "./missions/load-missions.js";
import type { AcceptTriggerDeps } from "./run/accept-trigger.js";
import { checkStillAsked } from "./conversation/check-still-asked.js";
import { openConversation } from "./conversation/open-conversation.js";
import {
  createInFlightRuns,
  type InFlightRuns,
} from "./conversation/in-flight-runs.js";
import { replyInterrupted, runQuestion } from "./run/run-question.js";
import { cancelTrigger, runTrigger } from "./run/run-trigger.js";
import { systemClock, type Clock } from "./shared/clock.js";
import { createTokenCounter } from "./tokens/create-token-counter.js";
import type { TokenCounter } from "./tokens/token-counter.js";
import { createTriggerHandler } from "./webhooks/handle-trigger-event.js";
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
 * askcode's composition root: the only place that builds clients. It reads
 * the operator's settings and the missions (a broken mission file stops the
 * start with the file and key), opens the read caches and the durable
 * stores (`compose/`), builds the installation clients and the job queue,
 * and registers the handlers.
 */
export function createAskcodeApp(
  options: AskcodeOptions = {},
): ApplicationFunction {
  return async (app: Probot) => {
    const env = options.env ?? process.env;
    const clock = options.clock ?? systemClock;
    const operator = loadOperatorConfig(env, {
      readFile: (path) => readFileSync(path, "utf8"),
    });
    for (const warning of unknownOperatorVariables(env)) app.log.warn(warning);
    const missions = await loadMissions(operator.missionsDir);
    // What the process keeps of the repositories it read: commits in
    // memory, kept text and derived index data on disk by blob SHA, so a new
    // commit costs its tree and the blobs that changed.
    const { snapshotCache, keptTexts, indexCache, derivedCache, redactions } =
      await createReadCaches(operator, { clock, log: app.log });
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
    const responseCache = createResponseCache({
      ttlMs: operator.cacheTtlMs,
      maxBytes: operator.cacheMaxBytes,
      clock,
      ...(stores.sharedResponses ? { shared: stores.sharedResponses } : {}),
    });
    const counters = new Map<string, TokenCounter>();
    const tokenCounterFor = (model: string): TokenCounter => {
      let counter = counters.get(model);
      if (!counter)
        counters.set(model, (counter = createTokenCounter({ model })));
      return counter;
    };
    // The default model's tokenizer is built now, in time slices, so the
    // first question does not build it while webhooks wait (it never rejects).
    void tokenCounterFor(operator.model).ready?.();
    // Read once per process, by the worker (never by a webhook handler); a
    // failed read is forgotten, so the next job asks again.
    let slug: Promise<string> | undefined;
    const appSlug = () =>
      (slug ??= app
        .auth()
        .then(async (octokit) => {
          const { data } = await octokit.request("GET /app");
          return (data as { slug: string }).slug;
        })
        .catch((error: unknown) => {
          slug = undefined;
          throw error;
        }));

    // 👎 on askcode's answers, counted as threads are read (GitHub sends
    // no webhook for reactions); replicas share what each has counted.
    const answersRead = countAnswerReactions({
      memory: stores.reactions,
      metrics: metrics.reactions,
      log: app.log,
    });
    // The place a question was asked, for the writes before and after a run
    // (the 👀, the limit notice); a run opens its own with the thread options.
    const conversationFor = async (job: QuestionJob) =>
      openConversation(await app.auth(job.installationId), job, {
        ownSecrets: operator.ownSecrets,
      });
    // Probot's Octokit for the conversation's reads and writes (REST and
    // GraphQL), paced with askcode's other writes; askcode's own for code.
    const clientsFor = async (job: QuestionJob) => {
      const installation = await app.auth(job.installationId);
      const { token, baseUrl } = await installationCredentials(installation);
      return createInstallationClients(job, {
        installation,
        token,
        octokit: {
          baseUrl,
          retryAfterBaseValue: options.retryAfterBaseValue,
          logger: app.log,
          ...(options.github ? { fetch: options.github.fetch } : {}),
        },
        conversation: {
          // Read by the worker before the run; unknown, no comment is
          // askcode's, so the thread read cannot tell its own answers.
          appSlug: await appSlug().catch((error: unknown) => {
            app.log.warn(
              { err: error, deliveryId: job.deliveryId },
              "askcode could not read its app's name (GET /app); the thread read will not recognise its own answers",
            );
            return undefined;
          }),
          answersRead,
          ownSecrets: operator.ownSecrets,
        },
        shared: {
          responseCache,
          snapshotCache,
          pacer: stores.pacer,
          metrics: metrics.github,
          ...(keptTexts ? { texts: keptTexts } : {}),
        },
        limits: operator,
        log: app.log,
      });
    };

    const inFlight = options.inFlight ?? createInFlightRuns(app.log, { clock });
    const jobLog = (
      job: Pick<TriggerJob, "installationId" | "owner" | "repo">,
    ) =>
      // Every line of a run names its installation and repository (the tool-call audit too).
      app.log.child({
        installation: job.installationId,
        repository: `${job.owner}/${job.repo}`,
      });
    // The worker's side of a delivery: the config read, the decision, 👀.
    const acceptDeps = (job: TriggerJob): AcceptTriggerDeps => ({
      configSource: async () =>
        installationConfigSource(
          await app.auth(job.installationId),
          job,
          app.log,
        ),
      appSlug,
      missions,
      defaultHandle: operator.handle,
      maxRunTokens: operator.maxRunTokens,
      log: jobLog(job),
      metrics: metrics.webhooks,
      stillAsked: async (question) =>
        checkStillAsked(await app.auth(question.installationId), question),
    });
    const runAnswer = (attempt: JobAttempt) =>
      countQuestionRuns(metrics.questions, clock, (job) =>
        runQuestion(job, {
          clientsFor,
          missions,
          operator: { ...operator, handle: operator.handle },
          modelFor: (name) => modelFor(operator, name, clock, app),
          tokenCounterFor,
          clock,
          log: jobLog(job),
          metrics: metrics.run,
          replies: metrics.replies,
          ...(options.github && { githubOutage: options.github.lastOutage }),
          spend: {
            ledger: stores.spendLedger,
            ceilings: operator.spendCeilings,
          },
          inFlight,
          attempt,
          indexCache,
          ...(derivedCache ? { derivedCache } : {}),
          redactions,
          ...(cpu ? { cpu } : {}),
          answers: stores.answerRecords,
        }),
      );
    const run = (job: TriggerJob, attempt: JobAttempt) =>
      runTrigger(job, {
        ...acceptDeps(job),
        acknowledge: async (question) =>
          (await conversationFor(question)).acknowledge(),
        run: runAnswer(attempt),
        limits: {
          limiter: stores.questionLimiter,
          ceilings: operator.questionLimits,
          clock,
          comment: async (question, body) =>
            (await conversationFor(question)).create(body),
        },
      });
    // A job that will never run gets one reply: it edits the comment an
    // attempt left, if any, into the notice.
    const cancel = (job: TriggerJob, ended: JobEnd) =>
      cancelTrigger(job, {
        ...acceptDeps(job),
        reply: (question) =>
          replyInterrupted(question, { clientsFor, operator }, ended),
      });
    // The queue closes last (the server's shutdown awaits it): it releases
    // the stores, then the threads.
    const backend = stores.openQueue({ run, cancel });
    const queue = countJobQueue(
      cpu ? closingAlso(backend, () => cpu.close()) : backend,
      metrics,
    );
    options.onQueue?.(queue);

    const handle = createTriggerHandler({
      queue,
      missions,
      now: () => new Date(clock.now()),
      metrics: metrics.webhooks,
    });
    app.on(
      [
        "issue_comment.created",
        "issues.opened",
        "issues.labeled",
        "pull_request_review_comment.created",
        "discussion.created",
        "discussion.labeled",
        "discussion_comment.created",
        // Never a question, but each is logged once with its reason and
        // counted (docs/architecture/overview.md), not dropped unseen.
        ...IGNORED_ACTIONS,
      ],
      handle,
    );
    // A push to a default branch: the answers whose cited lines it changed get a note.
    const checkPush = async (push: PushFacts) => {
      const installation = await app.auth(push.installationId);
      const repository = { owner: push.owner, repo: push.repo };
      return checkPushedAnswers(push, {
        records: stores.answerRecords,
        compare: (base, head) =>
          compareCommits(installation, { ...repository, base, head }),
        // Cited files the comparison cannot judge, through the response
        // cache: answers citing one file at one commit read it once.
        files: githubFilesAt(
          {
            api: createGitHubApi({
              octokit: installation,
              cache: responseCache,
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
            { missionNames: missions.map((mission) => mission.name) },
          );
          return {
            watch: config.answers.watch,
            days: config.answers.watch_days,
            handle: config.handle ?? operator.handle ?? (await appSlug()),
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
    const pushes = createPushWatch(
      async (push) =>
        metrics.watch.checked(
          `${push.owner}/${push.repo}`,
          await checkPush(push),
        ),
      app.log,
    );
    options.onPushWatch?.(pushes);
    const handlePush = createPushHandler({
      pushes,
      metrics: metrics.webhooks,
    });
    app.on("push", handlePush);
    app.log.info(
      `askcode is ready: ${missions.length} missions, ${operator.modelEndpoint ? `model ${operator.model}` : "no model (answers from retrieval alone)"}.`,
    );
  };
}

/** Actions on what could ask that never do: an edit or a deletion is not a new question. */
const IGNORED_ACTIONS = [
  "issue_comment.edited",
  "issue_comment.deleted",
  "issues.edited",
  "pull_request_review_comment.edited",
  "pull_request_review_comment.deleted",
  "discussion.edited",
  "discussion_comment.edited",
  "discussion_comment.deleted",
] as const;

function modelFor(
  operator: OperatorConfig,
  name: string,
  clock: Clock,
  app: Probot,
) {
  if (!operator.modelEndpoint) return undefined;
  return createOpenAIChatModel({
    apiKey: operator.modelEndpoint.apiKey,
    baseURL: operator.modelEndpoint.baseUrl,
    model: name,
    clock,
    log: app.log,
  });
}

export default createAskcodeApp();
