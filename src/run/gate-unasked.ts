import {
  answerConfidence,
  DEFAULT_CONFIDENCE_THRESHOLD,
  type AnswerConfidence,
} from "../retrieval/confidence/answer-confidence.js";
import type { UnaskedMetrics } from "../metrics/unasked-metrics.js";
import type { QuestionJob } from "../question/question-job.js";
import { questionTooLong } from "../question/question-too-long.js";
import { answerServices } from "./answer-services.js";
import { gatherForAnswer } from "./gather-for-answer.js";
import { resolveCommit } from "./resolve-commit.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { StepResult } from "./run-state.js";
import { settleRun } from "./settle-run.js";

export interface GateUnaskedDeps extends Omit<RunQuestionDeps, "attempt"> {
  /** Adds `unasked.silent_label` to the issue or discussion askcode stays silent on. */
  addLabel(job: QuestionJob, name: string): Promise<void>;
  /** Counts each verdict (none: not counted). */
  unasked?: UnaskedMetrics;
}

/**
 * The confidence gate before an unasked answer: nothing is visible until
 * it passes (no 👀, no progress comment). It runs the retrieval the answer
 * would run (the same commit, reader and redaction, so the index it builds
 * is the answer's) and scores its ranking with `answerConfidence`, which
 * reads retrieval's evidence, never a model's. At or above the repository's
 * `unasked.min_confidence` (else `DEFAULT_CONFIDENCE_THRESHOLD`) the job
 * goes on, carrying its score; below it askcode stays silent, adds the
 * `silent_label` if the repository named one, and spends no model call.
 * Either way one log line carries the score, its signals and the
 * threshold. Nobody is waiting for an answer, so a failure to score (GitHub
 * down, the repository gone) is silent too, logged and counted.
 *
 * @example
 * const job = await gateUnasked(question, deps);
 * if (job) await runQuestion(job, deps); // job.unasked.confidence: 0.82
 */
export async function gateUnasked(
  job: QuestionJob,
  deps: GateUnaskedDeps,
): Promise<QuestionJob | undefined> {
  const threshold =
    job.config.unasked.min_confidence ?? DEFAULT_CONFIDENCE_THRESHOLD;
  const meta = { deliveryId: job.deliveryId, threshold };
  let confidence: AnswerConfidence | undefined;
  try {
    confidence = await scoreUnasked(job, deps);
  } catch (error) {
    deps.unasked?.gated("failed");
    deps.log.warn(
      { ...meta, err: error },
      "askcode could not score a question nobody asked; staying silent",
    );
    return undefined;
  }
  const { score, signals } = confidence;
  if (score >= threshold) {
    deps.unasked?.gated("answered");
    deps.log.info(
      { ...meta, score, signals },
      "askcode answers unasked: retrieval's confidence reaches the threshold",
    );
    return { ...job, unasked: { confidence: score } };
  }
  deps.unasked?.gated("silent");
  deps.log.info(
    { ...meta, score, signals },
    "askcode stays silent: retrieval's confidence is below the threshold",
  );
  const label = job.config.unasked.silent_label;
  if (label)
    await deps
      .addLabel(job, label)
      .catch((error: unknown) =>
        deps.log.warn(
          { ...meta, err: error, label },
          "askcode could not add its silent label",
        ),
      );
  return undefined;
}

// The answer's own retrieval, up to the ranking the gate reads: a question
// too long to answer scores nothing, as its answer would read no code.
async function scoreUnasked(
  job: QuestionJob,
  deps: GateUnaskedDeps,
): Promise<AnswerConfidence> {
  if (
    job.task.kind !== "question" ||
    questionTooLong(job.task, job.config.limits)
  )
    return { score: 0, signals: {} };
  const clients = await deps.clientsFor(job);
  const startedAt = deps.clock.now();
  const { settings, deadline } = onward(await settleRun({ job }, deps));
  const { commit } = onward(
    await resolveCommit({
      job,
      task: job.task,
      clients,
      deadline,
      runSettings: settings,
    }),
  );
  const { at } = commit;
  const gathered = await gatherForAnswer(
    {
      repository: {
        at,
        excludePaths: job.config.exclude_paths,
        maxRepositoryBytes: deps.operator.snapshotMaxBytes,
      },
      asked: {
        question: job.task.question,
        asker: job.requestedBy,
        // The question is the new issue's title and body: nothing else is in its thread yet.
        issue: { title: "", body: null, comments: [] },
      },
      settings: { ...settings, ownSecrets: deps.operator.ownSecrets },
      services: answerServices(
        {
          job,
          settings,
          deadline,
          startedAt,
          progress: { record: () => {}, close: async () => {} },
        },
        deps,
      ),
    },
    {},
  );
  commit.watched.throwIfStopped();
  const { built } = gathered;
  // The repository's size and how much of it the question matched are
  // signals the gate's model was fitted with.
  return answerConfidence({
    query: built.query,
    ranked: built.ranked,
    repository: {
      files: built.index.files.length,
      chunks: built.index.chunks.length,
      chunksMatched: built.context.chunksAvailable,
    },
  });
}

// What a run step adds; the two the gate takes from the run never reply.
function onward<Adds extends object>(result: StepResult<Adds>): Adds {
  if ("reply" in result)
    throw new TypeError(
      "a run step replied where the gate expected it to go on",
    );
  return result.next;
}
