import type { Probot } from "probot";
import type { GitHubHealth } from "../code-host/github/github-health.js";
import { installationConfigSource } from "../config/installation-config-source.js";
import type { OperatorConfig } from "../config/operator-config.js";
import { checkStillAsked } from "../conversation/check-still-asked.js";
import { openConversation } from "../conversation/open-conversation.js";
import type { AskcodeMetrics } from "../metrics/askcode-metrics.js";
import type { Mission } from "../missions/mission-schema.js";
import type { JobAttempt, JobEnd } from "../jobs/job-queue.js";
import type { QuestionJob } from "../question/question-job.js";
import type { TriggerJob } from "../question/trigger-job.js";
import type { AcceptTriggerDeps } from "../run/accept-trigger.js";
import { countQuestionRuns } from "../run/count-question-runs.js";
import { gateUnasked } from "../run/gate-unasked.js";
import { addLabel } from "../conversation/add-label.js";
import { acknowledgeQuestion } from "../conversation/acknowledge-question.js";
import {
  findUnaskedAnswers,
  minimizeOffTopic,
} from "../conversation/unasked-answers.js";
import { dismissUnasked } from "../run/dismiss-unasked.js";
import type { QuestionOutcome } from "../run/question-outcome.js";
import type { InFlightRuns } from "../conversation/in-flight-runs.js";
import { replyInterrupted, runQuestion } from "../run/run-question.js";
import type {
  InstallationClients,
  RunQuestionDeps,
} from "../run/run-question-deps.js";
import {
  cancelTrigger,
  runTrigger,
  type RunTriggerDeps,
} from "../run/run-trigger.js";
import type { Clock } from "../shared/clock.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";
import type { CoChangeSource } from "../run/co-change-source.js";
import { createTokenCounters } from "./create-token-counters.js";
import type { ReadCaches } from "./create-read-caches.js";
import { modelFor } from "./model-for.js";
import type { QueueHandlers, Stores } from "./open-stores.js";

export interface QuestionRunnerDeps {
  /** Probot: each installation's Octokit, and the logger every job's lines go to. */
  app: Pick<Probot, "auth" | "log">;
  operator: OperatorConfig;
  missions: readonly Mission[];
  clock: Clock;
  metrics: AskcodeMetrics;
  stores: Pick<Stores, "questionLimiter" | "spendLedger" | "answerRecords">;
  /** The clients a job's run reads and writes with (`createClientsFor`). */
  clientsFor(job: QuestionJob): Promise<InstallationClients>;
  /** The app's slug, read once per process (`appSlugOnce`). */
  appSlug(): Promise<string>;
  /** Where each run's comment is registered, for the shutdown to mark it interrupted. */
  inFlight: InFlightRuns;
  caches: Pick<ReadCaches, "indexCache" | "derivedCache" | "redactions">;
  /** Threads for a question's long CPU work (none: on the event loop). */
  cpu?: CpuPool;
  /** GitHub's last outage, which an answer that waited for it mentions (none: not watched). */
  github?: Pick<GitHubHealth, "lastOutage">;
  /** The repository's history for packing's co-change tier (none: the tier is off). */
  coChange?: CoChangeSource;
}

/** The steps of one question's run, for a root to put together (`createQuestionSteps`). */
export interface QuestionSteps {
  /**
   * What `runTrigger` runs a job with, but the answer: the config read and
   * the decision, the still-asked check, the 👀, the hourly limits.
   */
  trigger(job: TriggerJob): Omit<RunTriggerDeps, "run">;
  /** Answers an accepted question (`runQuestion`), counted; `attempt` says where an earlier one left its comment. */
  answer(question: QuestionJob, attempt?: JobAttempt): Promise<QuestionOutcome>;
  /** What `runQuestion` reads the question's conversation and code with. */
  clientsFor: QuestionRunnerDeps["clientsFor"];
}

/**
 * The steps of one question's run, built once per process from the
 * process's clients (its token counters, the default model's warmed up
 * now); only the job's log and the attempt are per job. The app's queue
 * runs them through `createQuestionRunner`; the Action (`src/action/`) runs
 * one job with them, with no queue.
 *
 * @example
 * const steps = createQuestionSteps({ app, operator, missions, clock, metrics, stores, clientsFor, appSlug, inFlight, caches });
 * await runTrigger(job, { ...steps.trigger(job), run: (question) => steps.answer(question) });
 */
export function createQuestionSteps(deps: QuestionRunnerDeps): QuestionSteps {
  const { app, operator, missions, clock, metrics, stores } = deps;
  const { indexCache, derivedCache, redactions } = deps.caches;
  const jobLog = (job: Pick<TriggerJob, "installationId" | "owner" | "repo">) =>
    // Every line of a run names its installation and repository (the tool-call audit too).
    app.log.child({
      installation: job.installationId,
      repository: `${job.owner}/${job.repo}`,
    });
  // The place a question was asked, for the writes before and after a run
  // (the 👀, the limit notice); a run opens its own with the thread options.
  const conversationFor = async (job: QuestionJob) =>
    openConversation(await app.auth(job.installationId), job, {
      ownSecrets: operator.ownSecrets,
    });
  // The worker's side of a delivery: the config read, the decision, 👀.
  const acceptDeps = (job: TriggerJob): AcceptTriggerDeps => ({
    configSource: async () =>
      installationConfigSource(
        await app.auth(job.installationId),
        job,
        app.log,
      ),
    appSlug: deps.appSlug,
    missions,
    defaultHandle: operator.handle,
    maxRunTokens: operator.maxRunTokens,
    log: jobLog(job),
    metrics: metrics.webhooks,
    stillAsked: async (question) =>
      checkStillAsked(await app.auth(question.installationId), question),
  });
  const answerDeps: Omit<RunQuestionDeps, "log" | "attempt"> = {
    clientsFor: deps.clientsFor,
    missions,
    operator,
    modelFor: (name) => modelFor(name, { operator, clock, log: app.log }),
    tokenCounterFor: createTokenCounters({ warmUp: operator.model }),
    clock,
    metrics: metrics.run,
    replies: metrics.replies,
    ...(deps.github && { githubOutage: deps.github.lastOutage }),
    spend: { ledger: stores.spendLedger, ceilings: operator.spendCeilings },
    inFlight: deps.inFlight,
    indexCache,
    ...(derivedCache ? { derivedCache } : {}),
    redactions,
    ...(deps.cpu ? { cpu: deps.cpu } : {}),
    answers: stores.answerRecords,
    ...(deps.coChange && { coChange: deps.coChange }),
  };
  return {
    trigger: (job) => ({
      ...acceptDeps(job),
      acknowledge: async (question) =>
        (await conversationFor(question)).acknowledge(),
      gate: (question) =>
        gateUnasked(question, {
          ...answerDeps,
          log: jobLog(question),
          addLabel: async (labelled, name) =>
            addLabel(await app.auth(labelled.installationId), labelled, name),
          unasked: metrics.unasked,
        }),
      dismiss: (question) =>
        dismissUnasked(question, {
          findUnasked: async (asked) =>
            findUnaskedAnswers(await app.auth(asked.installationId), asked),
          minimize: async (asked, nodeId) =>
            minimizeOffTopic(await app.auth(asked.installationId), nodeId),
          react: async (asked, content) =>
            acknowledgeQuestion(
              await app.auth(asked.installationId),
              asked,
              content,
            ),
          reply: async (asked, body) =>
            (await conversationFor(asked)).create(body),
          log: jobLog(question),
        }),
      limits: {
        limiter: stores.questionLimiter,
        ceilings: operator.questionLimits,
        clock,
        comment: async (question, body) =>
          (await conversationFor(question)).create(body),
      },
    }),
    answer: countQuestionRuns(metrics.questions, clock, (question, attempt) =>
      runQuestion(question, {
        ...answerDeps,
        log: jobLog(question),
        ...(attempt ? { attempt } : {}),
      }),
    ),
    clientsFor: deps.clientsFor,
  };
}

/**
 * What the queue does with a job: `run` decides with the repository's
 * config, counts the question against the limits, reacts 👀 and answers
 * (`runTrigger` over `createQuestionSteps`); `cancel` gives a job that will
 * never run its one reply (`cancelTrigger`).
 *
 * @example
 * const queue = openJobQueue(createQuestionRunner({ app, operator, missions, clock, metrics, stores, clientsFor, appSlug, inFlight, caches }), { stores, metrics });
 */
export function createQuestionRunner(deps: QuestionRunnerDeps): QueueHandlers {
  const steps = createQuestionSteps(deps);
  return {
    run: (job: TriggerJob, attempt: JobAttempt) =>
      runTrigger(job, {
        ...steps.trigger(job),
        run: (question) => steps.answer(question, attempt),
      }),
    // A job that will never run gets one reply: it edits the comment an
    // attempt left, if any, into the notice.
    cancel: (job: TriggerJob, ended: JobEnd) =>
      cancelTrigger(job, {
        ...steps.trigger(job),
        reply: (question) =>
          replyInterrupted(
            question,
            { clientsFor: deps.clientsFor, operator: deps.operator },
            ended,
          ),
      }),
  };
}
