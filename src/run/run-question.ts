import type { ChatModel } from "../agent/chat-model.js";
import type { ModelPrice } from "../shared/model-cost.js";
import type { AgentLog } from "../agent/run-agent-types.js";
import { renderFailureComment } from "../answer/render-failure-comment.js";
import { renderInterruptedComment } from "../answer/render-interrupted-comment.js";
import type { JobEnd } from "../jobs/job-queue.js";
import {
  renderProgressComment,
  type ProgressEvent,
} from "../answer/render-progress-comment.js";
import type { CodeHost } from "../code-host/code-host.js";
import type { RedactionMemo } from "../code-host/redaction-memo.js";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import type { JobAttempt } from "../jobs/job-queue.js";
import type { QuestionJob } from "../question/question-job.js";
import { RetryLaterError } from "../shared/retry-later-error.js";
import type { RunMetrics } from "../metrics/run-metrics.js";
import type { Mission } from "../missions/mission-schema.js";
import { resolveRunSettings } from "../missions/resolve-run-settings.js";
import type { Clock } from "../shared/clock.js";
import type { Deadline } from "../shared/deadline.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { IndexCache } from "../retrieval/index/index-cache.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { askedQuestion } from "../question/asked-question.js";
import { answerQuestion } from "./answer-question.js";
import type {
  InFlightRuns,
  RunComment,
} from "../conversation/in-flight-runs.js";
import type { Conversation } from "../conversation/conversation.js";
import { mayPassOnRetry } from "./may-pass-on-retry.js";
import {
  createProgressReporter,
  type ProgressReporter,
} from "../conversation/progress-reporter.js";
import type { QuestionOutcome } from "./question-outcome.js";
import { planRun } from "./plan-run.js";
import { replyWithoutAnswer } from "./reply-without-answer.js";
import { chooseModel } from "./choose-model.js";
import { answerNotes } from "./answer-notes.js";
import { failedReply } from "./failed-reply.js";
import { resolveCommit } from "./resolve-commit.js";
import { answerServices } from "./answer-services.js";
import { outsiderNote } from "../answer/outsider-note.js";
import type { SpendDeps, SpendRun } from "../limits/reserve-spend.js";
import { renderSpentNote } from "../limits/render-spent-note.js";
import { questionTooLong } from "../question/question-too-long.js";
import type { RunAtRepository } from "../question/run-at.js";
import { startRunDeadline } from "./run-deadline.js";
import { deliverReply } from "./deliver-reply.js";
import { tellRetry } from "./tell-retry.js";
import type { ReplyMetrics } from "../metrics/reply-metrics.js";
import type { WatchedReader } from "./watch-repository-reads.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";
import type { AnswerRecords } from "../storage/answer-records/answer-record.js";
import type { TreeEntry } from "../code-host/code-host.js";
import { keepAnswer, keepsAnswers, treeToKeep } from "./keep-answer.js";

/** What one run needs from the installation it runs for. */
export interface InstallationClients {
  /** Where the question was asked: the thread, the pull request, askcode's reply (Probot's Octokit). */
  conversation: Conversation;
  /** Reads the repository's code (askcode's own cached, throttled Octokit). */
  codeHost: CodeHost;
}

export interface RunQuestionDeps {
  clientsFor(job: QuestionJob): Promise<InstallationClients>;
  missions: readonly Mission[];
  operator: {
    model: string;
    contextWindow: number;
    /** The ceiling on any run's token budget (`ASKCODE_MAX_RUN_TOKENS`), a mission's included. */
    maxRunTokens?: number;
    snapshotMaxBytes: number;
    handle?: string;
    /** Hosts answers may link to besides the repository at its commit. */
    allowedLinkHosts?: readonly string[];
    /** askcode's own secrets: never sent to the model, never posted. */
    ownSecrets?: readonly OwnSecret[];
    /** US dollars per million tokens by model (`ASKCODE_MODEL_PRICES`). */
    modelPrices?: Readonly<Record<string, ModelPrice>>;
  };
  /** The model for a run's model name; undefined: no endpoint, answer from retrieval alone. */
  modelFor(name: string): ChatModel | undefined;
  tokenCounterFor(model: string): TokenCounter;
  clock: Clock;
  log: AgentLog & { error(meta: object, message: string): void };
  /** Counts the run's context and model tokens (none: not counted). */
  metrics?: RunMetrics;
  /** Counts replies GitHub would not take (none: not counted). */
  replies?: ReplyMetrics;
  /** GitHub's last outage (`GitHubHealth.lastOutage`): an answer that waited for it says so. */
  githubOutage?(): { since: number; until: number } | undefined;
  /**
   * The model-token budgets per installation and repository (none: no
   * budget): a spent one answers from retrieval alone until it renews.
   */
  spend?: Omit<SpendDeps, "log" | "metrics">;
  /** Where the run's comment is registered, for a shutdown to mark it interrupted. */
  inFlight: InFlightRuns;
  /**
   * Which attempt at the job this is (default: the only one). A later
   * attempt edits the comment an earlier one posted; a failure that may
   * pass is thrown (`RetryLaterError`) unless this is the last attempt.
   */
  attempt?: JobAttempt;
  /** Indexes of whole repositories kept across questions (none: each question indexes). */
  indexCache?: IndexCache;
  /**
   * What indexing derived per blob SHA (none: every file is derived). Shared
   * by installations: a hit needs the blob, so its content, already.
   */
  derivedCache?: DerivedCache;
  /** What redaction made of each blob and path, shared the same way (none: every file is redacted). */
  redactions?: RedactionMemo;
  /** Threads for a first read's redaction and derivation and the answer's rendering (none: on the event loop). */
  cpu?: CpuPool;
  /** Where answers and what they cited are kept, for the staleness watch and "answered before" (none: not kept). */
  answers?: AnswerRecords;
}

// GitHub's write limits and the reader's patience: a progress edit at most this often.
const PROGRESS_INTERVAL_MS = 3_000;

/**
 * One accepted question, end to end. It posts one comment at once and edits
 * it as the work goes (`progress: checklist`, the default; the quieter modes
 * post nothing before the reply, `showProgress`); the last edit is the answer, or a comment that says
 * why there is none, or (when a shutdown cut the run short) the interrupted
 * notice. Nothing it meets escapes it without that last edit being tried, so
 * every accepted question gets exactly one reply, with one exception: while
 * the queue has attempts left, a failure that may pass (GitHub's 5xx, the
 * model unreachable) is thrown for the queue to retry, and the retry edits
 * the same comment (its id is kept in the job).
 */
export async function runQuestion(
  job: QuestionJob,
  deps: RunQuestionDeps,
): Promise<QuestionOutcome> {
  const { conversation, codeHost } = await deps.clientsFor(job);
  const handle = job.config.handle ?? deps.operator.handle;
  // Every write goes through the in-flight registry: a shutdown that cuts
  // this run short edits the comment into the interrupted notice.
  const attempt = deps.attempt;
  const comment = deps.inFlight.start(
    conversation,
    renderInterruptedComment(job.task, handle),
    attempt && {
      commentId: attempt.commentId,
      remember: (id) => attempt.rememberComment(id),
    },
  );
  try {
    // A question over the length limit is told so before anything is read.
    const tooLong = questionTooLong(job.task, job.config.limits);
    if (tooLong) {
      await comment.deliver(await renderFailureComment(tooLong, { handle }));
      return { kind: "failed", reason: tooLong.kind };
    }
    const startedAt = deps.clock.now();
    const progress = await showProgress(
      job.config.progress,
      comment,
      deps.clock,
    );
    // The commit once resolved: a failure after that still links to it.
    let at: RunAtRepository | undefined;
    // The repository's reads, watched for it becoming unreadable mid-run.
    let watched: WatchedReader | undefined;
    let wallTime: { deadline: Deadline; seconds: number } | undefined;
    let reply: { body: string; outcome: QuestionOutcome };
    // An answer to keep once posted: the commit it read and that commit's tree.
    let kept: { sha: string; tree: readonly TreeEntry[] } | undefined;
    // The run's hold on the model budgets, given back if it ends unsettled.
    let spend: SpendRun | undefined;
    try {
      const mission = missionOf(job.task, deps.missions);
      const settings = resolveRunSettings(job.config, deps.operator, mission);
      // Every read and model request of the run ends by its wall time.
      const deadline = startRunDeadline(settings, deps.clock);
      wallTime = { deadline, seconds: settings.budgets.wall_time_seconds };
      const issue = await conversation.readThread(deadline);
      const mentioned = handle ?? issue.appSlug ?? "askcode";
      // A command ("/sources …") sets the answer's form; "retry", or a
      // command with no question, asks the thread's previous one again.
      const plan = planRun(job, issue, mentioned);
      if (plan.kind !== "answer")
        reply = await replyWithoutAnswer(plan, {
          handle: mentioned,
          config: job.config,
          settings,
          modelConfigured: deps.modelFor(settings.model) !== undefined,
          missions: deps.missions,
        });
      else {
        const asking = plan.task;
        const form = plan.form;
        // The model, unless the form or a spent budget says retrieval alone,
        // within what the model budgets granted the run.
        const choice = await chooseModel(job, settings, form, deps);
        spend = choice.spend;
        const { model, spent, settings: runSettings } = choice;
        // The one commit everything after reads (`resolveCommit`).
        const commit = await resolveCommit(
          job,
          asking,
          { conversation, codeHost },
          deadline,
          runSettings.budgets,
        );
        const { asked, pullRequest, onHead } = commit;
        ({ watched, at } = commit);
        // A review comment on a line: its hunk and the lines around it.
        const reviewComment = conversation.reviewLine;
        const rendered = await answerQuestion({
          repository: {
            at,
            excludePaths: job.config.exclude_paths,
            maxRepositoryBytes: deps.operator.snapshotMaxBytes,
          },
          asked: {
            question: askedQuestion(asking, asked, issue),
            asker: job.requestedBy,
            issue,
            ...(pullRequest ? { pullRequest } : {}),
            ...(reviewComment ? { reviewComment } : {}),
          },
          settings: {
            ...runSettings,
            mission,
            allowedLinkHosts: deps.operator.allowedLinkHosts,
            ownSecrets: deps.operator.ownSecrets,
            ...(form === "sources" && { placesOnly: true }),
            ...(job.config.footer === "folded" && { foldFooter: true }),
            ...(deps.operator.modelPrices?.[settings.model] && {
              modelPrice: deps.operator.modelPrices[settings.model],
            }),
            ...(spent?.notify && { retrievalNote: renderSpentNote(spent) }),
            ...(form === "outsider" && {
              retrievalNote: outsiderNote(asking, mentioned),
            }),
          },
          services: answerServices(
            job,
            {
              model,
              modelName: settings.model,
              ...(spend && { spend }),
              progress,
              startedAt,
              deadline,
            },
            deps,
          ),
        });
        // GitHub failing every read: its failure, not an answer from nothing.
        watched.throwIfStopped();
        const notes = await answerNotes({
          sha: at.sha,
          configProblems: [...job.configProblems, ...(spend?.problems ?? [])],
          ...(onHead && { onHead }),
          headMovedNote: (sha) => conversation.headMovedNote(sha),
          ...(reviewComment && { reviewComment }),
          fault: watched.fault(),
          outage: deps.githubOutage?.(),
          receivedAt: job.receivedAt,
          log: deps.log,
          deliveryId: job.deliveryId,
        });
        // Kept only when it read the default branch, which pushes are
        // checked against: an answer about a tag or a pull request's head
        // stays true of that. The tree is read now, while the run's
        // deadline holds (the snapshot's, not a request).
        if (deps.answers && keepsAnswers(job) && !asked && !onHead)
          kept = await treeToKeep(
            watched.reader,
            { sha: at.sha, deliveryId: job.deliveryId },
            { log: deps.log },
          );
        reply = { body: notes + rendered.body, outcome: { kind: "answered" } };
      }
    } catch (error) {
      // A read cut off by the run's deadline fails however its client
      // reports the abort; the asker should hear that time ran out.
      const timeLimit = wallTime?.deadline.signal.aborted
        ? wallTime.seconds
        : undefined;
      // Out of time once is out of time again: only other failures are retried.
      const retry = attempt && !attempt.last && timeLimit === undefined;
      if (retry && mayPassOnRetry(error))
        await handToRetry(
          error,
          { comment, progress, attempt, deliveryId: job.deliveryId },
          deps,
        );
      deps.log.error(
        { err: error, deliveryId: job.deliveryId },
        "askcode could not answer",
      );
      reply = await failedReply(error, {
        ...(timeLimit !== undefined && { timeLimit }),
        fault: watched?.fault(),
        handle,
        at,
      });
    } finally {
      // The reply replaces the whole comment: a progress edit not yet sent
      // is dropped, and one under way must land before it, not after.
      await progress.close();
      // A run that never reached the model gives its hold back (a retry holds anew).
      await spend?.settle(0);
    }
    // The job is not done until the reply landed (the edit retried, else a
    // new comment); if neither could, it is tried once more when the run's
    // time is up (deliverReply), then this throws and the job fails, logged.
    // Its retries end by the run's wall time, so a reply ready near the
    // end still lands (edited, else as a new comment) within it.
    const commentId = await deliverReply(
      comment,
      reply.body,
      wallTime?.deadline,
      { clock: deps.clock, log: deps.log, metrics: deps.replies },
    );
    if (kept && deps.answers && commentId !== undefined)
      await keepAnswer(
        { job, commentId, body: reply.body, ...kept },
        { records: deps.answers, clock: deps.clock, log: deps.log },
      );
    return reply.outcome;
  } finally {
    comment.finish();
  }
}

/** The mission a labelled task runs (none for a question, or a mission no longer loaded). */
function missionOf(
  task: QuestionJob["task"],
  missions: readonly Mission[],
): Mission | undefined {
  return task.kind === "mission"
    ? missions.find((m) => m.name === task.mission)
    : undefined;
}

/**
 * Gives a failure that may pass to the queue: logged, the placeholder
 * telling what failed and when askcode tries again, then thrown as
 * `RetryLaterError` for the queue to run the job again.
 */
async function handToRetry(
  error: unknown,
  run: {
    comment: RunComment;
    progress: ProgressReporter;
    attempt: JobAttempt;
    deliveryId: string;
  },
  deps: Pick<RunQuestionDeps, "clock" | "log">,
): Promise<never> {
  deps.log.warn(
    { err: error, deliveryId: run.deliveryId },
    "askcode could not answer yet; the queue will try again",
  );
  // The placeholder says what failed and when askcode tries again.
  await run.progress.close();
  if (run.attempt.next)
    await tellRetry(run.comment, error, run.attempt.next, {
      clock: deps.clock,
      log: deps.log,
    });
  throw new RetryLaterError(error);
}

/**
 * How the run shows it is working (`progress` in `.github/askcode.yml`): a
 * checklist comment posted now and edited as steps happen, or (`reaction`,
 * `none`) no comment until the reply, whose steps are then not shown.
 */
async function showProgress(
  mode: QuestionJob["config"]["progress"],
  comment: RunComment,
  clock: Clock,
): Promise<ProgressReporter> {
  if (mode !== "checklist") {
    await comment.hold();
    return { record: () => {}, close: async () => {} };
  }
  const posted: ProgressEvent[] = [{ kind: "searching" }];
  await comment.post(renderProgressComment(posted));
  return createProgressReporter({
    edit: (body) => comment.edit(body),
    clock,
    intervalMs: PROGRESS_INTERVAL_MS,
    shown: posted,
  });
}

/**
 * The reply to a question that will never run: the app stopped before its
 * turn came and nothing will take it up, or it was given up on after its
 * process died with it each time. Whoever asked (and saw the 👀 reaction)
 * is not left waiting: the comment an attempt left is edited into the
 * notice (a new one is posted if there is none, or it was deleted).
 */
export async function replyInterrupted(
  job: QuestionJob,
  deps: Pick<RunQuestionDeps, "clientsFor" | "operator">,
  ended: JobEnd = { reason: "stopped" },
): Promise<void> {
  const { conversation } = await deps.clientsFor(job);
  const body = renderInterruptedComment(
    job.task,
    job.config.handle ?? deps.operator.handle,
    ended.reason,
  );
  if (ended.commentId !== undefined) {
    try {
      await conversation.update(ended.commentId, body);
      return;
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status !== 404) throw error;
    }
  }
  await conversation.create(body);
}
