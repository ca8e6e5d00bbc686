import * as core from "@actions/core";
import { Probot, ProbotOctokit } from "probot";
import { Registry } from "prom-client";
import { answerCommentUrl } from "../answer-records/answer-comment-url.js";
import { openResponseCache } from "../compose/open-response-cache.js";
import { createClientsFor } from "../compose/create-clients-for.js";
import {
  createQuestionSteps,
  type QuestionSteps,
} from "../compose/create-question-runner.js";
import { createReadCaches } from "../compose/create-read-caches.js";
import { checkoutCoChangeSource } from "../compose/checkout-co-change-source.js";
import { openStores } from "../compose/open-stores.js";
import { loadOperatorConfig } from "../config/operator-config.js";
import {
  createInFlightRuns,
  type InFlightRuns,
} from "../conversation/in-flight-runs.js";
import { createAskcodeMetrics } from "../metrics/askcode-metrics.js";
import { loadMissions } from "../missions/load-missions.js";
import type { QuestionJob } from "../question/question-job.js";
import type { QuestionOutcome } from "../run/question-outcome.js";
import { runTrigger } from "../run/run-trigger.js";
import { systemClock, type Clock } from "../shared/clock.js";
import { actionOperatorEnv } from "./action-operator-env.js";
import { contextReport } from "./context-report.js";
import { findEarlierReply, type EarlierReply } from "./find-earlier-reply.js";
import { isMarkedReply } from "./reply-marker.js";
import { markReplies } from "./mark-replies.js";
import { readActionEnv } from "./read-action-env.js";
import { readEventTrigger } from "./read-event-trigger.js";

export interface RunActionOptions {
  clock?: Clock;
  /** The Octokit class the token's client is built from (tests turn off its retries and write pacing). */
  Octokit?: typeof ProbotOctokit;
  /**
   * The runs whose comments a cancellation marks as interrupted
   * (`interruptOnCancel`, wired in `main.ts`); default: a registry no signal reaches.
   */
  inFlight?: InFlightRuns;
}

/** How the Action's one run ended. */
export type ActionResult =
  /** The event asks nothing of askcode (another event, a bot, no mention, a label no mission claims). */
  | { kind: "ignored"; reason: string }
  /** The repository's config turned it away, or the question is no longer there. */
  | { kind: "declined" }
  /** askcode replied to this trigger before (a re-run): nothing was written. */
  | { kind: "replied-before" }
  /** GitHub refused the reply where the question was asked (a locked discussion): no one was told. */
  | { kind: "refused" }
  /** The reply: an answer, or a comment saying why there is none. */
  | {
      kind: "replied";
      outcome: QuestionOutcome;
      answerUrl: string;
      contextReport: string;
    };

/**
 * askcode as a GitHub Action: one question, from the event the runner hands
 * the step, answered in the process from start to end, through the App's
 * pipeline with no queue and no server (docs/architecture/overview.md):
 *
 * 1. the runner's variables and inputs (`readActionEnv`), the operator's
 *    settings from them (`actionOperatorEnv`, the App's schema), missions;
 * 2. the event, read and screened as the App's webhook reads a delivery
 *    (`readEventTrigger`): a bot's comment, an edit, no mention end here;
 * 3. the clients, from the token and `GITHUB_API_URL` with the App's
 *    factories (`createClientsFor`, `createQuestionSteps`); Probot only
 *    authenticates with the token, as probot/adapter-github-actions does;
 * 4. the App's run (`runTrigger`): `.github/askcode.yml`, the decision,
 *    the outsider policy, still asked, 👀, then the answer, unless the
 *    thread holds this trigger's reply already (`findEarlierReply`); one
 *    left unfinished (a cancelled run's notice) is edited into the answer;
 * 5. the outputs (`answer-url`, `context-report`) and the step summary.
 *
 * Whatever fails after a question is accepted, the run's one reply says so
 * (`runQuestion`); a failure that leaves no reply fails the step with its
 * cause (`actionStep`), and a cancellation leaves the interrupted notice
 * (`interruptOnCancel`, through `options.inFlight`).
 *
 * @example
 * const result = await runAction(process.env);
 */
export async function runAction(
  env: Readonly<Record<string, string | undefined>>,
  options: RunActionOptions = {},
): Promise<ActionResult> {
  const clock = options.clock ?? systemClock;
  const action = readActionEnv(env);
  const operator = loadOperatorConfig(actionOperatorEnv(action, env));
  const missions = await loadMissions(operator.missionsDir);
  const read = await core.group("Read the event", async () => {
    core.info(
      `${action.eventName} on ${action.repository} (run ${action.runId})`,
    );
    return readEventTrigger(action, {
      missions,
      now: () => new Date(clock.now()),
    });
  });
  if (read.kind === "ignore") {
    core.info(`askcode ignores this event: ${read.detail}`);
    return { kind: "ignored", reason: read.reason };
  }
  const { job } = read;
  const app = new Probot({
    githubToken: action.inputs.githubToken,
    baseUrl: operator.githubApiUrl,
    logLevel: operator.log.level as "info",
    logFormat: operator.log.format,
    Octokit: options.Octokit ?? ProbotOctokit,
  });
  await app.ready();
  const metrics = createAskcodeMetrics(new Registry(), operator.modelPrices);
  const stores = await openStores(operator, { clock, log: app.log });
  const parts = {
    app,
    operator,
    missions,
    clock,
    metrics,
    stores,
    caches: await createReadCaches(operator, { clock, log: app.log }),
    responseCache: openResponseCache(operator, stores, clock),
    // The token is no App's: whose comments are askcode's is the input's to say.
    appSlug: async () => action.inputs.appSlug,
    inFlight: options.inFlight ?? createInFlightRuns(app.log, { clock }),
  };
  const replies = markReplies(
    createClientsFor({ ...parts, isOwnComment: isMarkedReply }),
  );
  const steps = createQuestionSteps({
    ...parts,
    clientsFor: replies.clientsFor,
    // The checkout's history, as the CLI reads it: a clone with history
    // (`fetch-depth: 0`) turns the co-change tier on, a shallow one leaves it off.
    ...(action.workspace && {
      coChange: checkoutCoChangeSource(action.workspace),
    }),
  });
  // Read once per question: before the 👀 (a re-run adds none) and the
  // answer. A thread that cannot be read is answered: a second reply on a
  // re-run is better than a question left without one.
  let readEarlier: Promise<EarlierReply> | undefined;
  const earlierReply = (question: QuestionJob) =>
    (readEarlier ??= (async () =>
      findEarlierReply(
        await app.auth(question.installationId),
        question,
        action.inputs.appSlug,
      ))().catch((error: unknown): EarlierReply => {
      app.log.warn(
        { err: error, deliveryId: question.deliveryId },
        "askcode could not read the thread for an earlier reply of its own; answering",
      );
      return { kind: "none" };
    }));
  let asked: QuestionJob | undefined;
  let outcome: QuestionOutcome | "replied-before" | undefined;
  const trigger = steps.trigger(job);
  await core.group("Answer", () =>
    runTrigger(job, {
      ...trigger,
      acknowledge: async (question) => {
        // An earlier reply of any kind came with its 👀.
        if ((await earlierReply(question)).kind === "none")
          await trigger.acknowledge(question);
      },
      run: async (question) => {
        asked = question;
        const earlier = await earlierReply(question);
        outcome =
          earlier.kind === "final"
            ? "replied-before"
            : await steps.answer(
                question,
                earlier.kind === "unfinished"
                  ? answerIn(earlier.commentId)
                  : undefined,
              );
      },
    }),
  );
  const reply = replies.last();
  if (!asked) return { kind: "declined" };
  if (outcome === "replied-before") return { kind: "replied-before" };
  // The run ended without its reply only where GitHub refused it (`runTrigger`).
  if (!outcome || !reply) return { kind: "refused" };
  return {
    kind: "replied",
    outcome,
    answerUrl: answerCommentUrl({ ...asked, commentId: reply.commentId }),
    contextReport: contextReport(reply.body),
  };
}

// The queue's `JobAttempt`, as the question steps take it (jobs/ is the App's alone).
type AnswerAttempt = NonNullable<Parameters<QuestionSteps["answer"]>[1]>;

/**
 * The one attempt of a re-run that found its trigger's reply unfinished:
 * it edits that comment, as a later attempt of the App's queue edits the
 * comment an earlier one posted, and nothing is kept for an attempt after it.
 */
function answerIn(commentId: number): AnswerAttempt {
  return { commentId, rememberComment: async () => undefined, last: true };
}
