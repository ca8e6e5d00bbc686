import type { ChatModel } from "../agent/chat-model.js";
import type { SpendRun } from "../limits/reserve-spend.js";
import type { QuestionJob } from "../question/question-job.js";
import type { Deadline } from "../shared/deadline.js";
import { modelCostUsd } from "../shared/model-cost.js";
import type { AnswerQuestionInput } from "./answer-question.js";
import { findEarlierAnswersFor } from "./find-earlier-answers-for.js";
import type { ProgressReporter } from "../conversation/progress-reporter.js";
import type { AgentLog } from "../agent/run-agent-types.js";
import type { AnswerRecords } from "../storage/answer-records/answer-record.js";
import type { RedactionMemo } from "../code-host/redaction-memo.js";
import type { RunMetrics } from "../metrics/run-metrics.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { IndexCache } from "../retrieval/index/index-cache.js";
import type { Clock } from "../shared/clock.js";
import type { ModelPrice } from "../shared/model-cost.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";

/** The process's clients a run's answer uses (`RunQuestionDeps` has them all). */
export interface AnswerServicesDeps {
  operator: { modelPrices?: Readonly<Record<string, ModelPrice>> };
  tokenCounterFor(model: string): TokenCounter;
  clock: Clock;
  log: AgentLog;
  metrics?: RunMetrics;
  indexCache?: IndexCache;
  derivedCache?: DerivedCache;
  redactions?: RedactionMemo;
  cpu?: CpuPool;
  answers?: AnswerRecords;
}

/**
 * What answering a question uses besides the question: the model (or
 * none), its tokenizer, the run's clock, log, progress, deadline and
 * metrics, the caches shared across questions, and the earlier answers
 * to link. What the model spends replaces the run's hold on the budgets
 * (and is priced for the installation's metric).
 *
 * @example
 * await answerQuestion({ repository, asked, settings, services: answerServices(job, run, deps) });
 */
export function answerServices(
  job: Pick<QuestionJob, "installationId" | "config"> &
    Parameters<typeof findEarlierAnswersFor>[0],
  run: {
    model?: ChatModel;
    /** The run's model name, for its tokenizer and price. */
    modelName: string;
    spend?: SpendRun;
    progress: ProgressReporter;
    startedAt: number;
    deadline: Deadline;
  },
  deps: AnswerServicesDeps,
): AnswerQuestionInput["services"] {
  const { spend } = run;
  return {
    model: run.model,
    ...(spend && {
      onModelTokens: async (used) => {
        const price = deps.operator.modelPrices?.[run.modelName];
        if (price)
          deps.metrics?.installationSpendUsd(
            String(job.installationId),
            modelCostUsd(used.input, used.output, price),
          );
        await spend.settle(used.input + used.output);
      },
    }),
    tokenCounter: deps.tokenCounterFor(run.modelName),
    clock: deps.clock,
    log: deps.log,
    progress: (event) => run.progress.record(event),
    startedAt: run.startedAt,
    metrics: deps.metrics,
    deadline: run.deadline,
    indexCache: deps.indexCache && {
      indexes: deps.indexCache,
      namespace: `installation:${job.installationId}`,
    },
    ...(deps.derivedCache ? { derivedCache: deps.derivedCache } : {}),
    ...(deps.redactions ? { redactions: deps.redactions } : {}),
    ...(deps.cpu ? { cpu: deps.cpu } : {}),
    ...(deps.answers &&
      job.config.answers.link_earlier && {
        earlierAnswers: findEarlierAnswersFor(job, {
          records: deps.answers,
          log: deps.log,
        }),
      }),
  };
}
