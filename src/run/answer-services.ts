import { modelCostUsd } from "../shared/model-cost.js";
import type { AnswerQuestionInput } from "./answer-question-input.js";
import { findEarlierAnswersFor } from "./find-earlier-answers-for.js";
import { findSimilarIssuesFor } from "./find-similar-issues-for.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { RunState } from "./run-state.js";

/**
 * What answering a question uses besides the question: the model (or
 * none), its tokenizer, the run's clock, log, progress, deadline and
 * metrics, the caches shared across questions, and the earlier answers
 * and issues to link (issues only with the run's clients: an issue search).
 * What the model spends replaces the run's hold on the budgets (and is
 * priced for the installation's metric).
 *
 * @example
 * await answerQuestion({ repository, asked, settings, services: answerServices(run, deps) });
 */
export function answerServices(
  state: Pick<
    RunState,
    | "job"
    | "model"
    | "settings"
    | "spend"
    | "progress"
    | "startedAt"
    | "deadline"
  > &
    // None for the confidence gate, which gathers to score, not to post: no issue search.
    Partial<Pick<RunState, "clients">>,
  deps: RunQuestionDeps,
): AnswerQuestionInput["services"] {
  const { job, spend } = state;
  const issues = state.clients?.issues;
  const similarIssues =
    issues &&
    job.config.answers.link_similar_issues &&
    findSimilarIssuesFor(job, {
      search: issues,
      ...(deps.answers && { records: deps.answers }),
      clock: deps.clock,
      log: deps.log,
    });
  // The run's model name, for its tokenizer and price.
  const modelName = state.settings.model;
  return {
    model: state.model,
    ...(spend && {
      onModelTokens: async (used) => {
        const price = deps.operator.modelPrices?.[modelName];
        if (price)
          deps.metrics?.installationSpendUsd(
            String(job.installationId),
            modelCostUsd(used.input, used.output, price),
          );
        await spend.settle(used.input + used.output);
      },
    }),
    tokenCounter: deps.tokenCounterFor(modelName),
    clock: deps.clock,
    log: deps.log,
    progress: (event) => state.progress.record(event),
    startedAt: state.startedAt,
    metrics: deps.metrics,
    deadline: state.deadline,
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
    ...(similarIssues && { similarIssues }),
    ...(deps.coChange && {
      coChangeHistory: (sha: string) => deps.coChange!.at(job, sha),
    }),
  };
}
