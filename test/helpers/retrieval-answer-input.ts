import { defaultRepoConfig } from "../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../src/missions/resolve-run-settings.js";
import type { AnswerQuestionInput } from "../../src/run/answer-question.js";
import { createTokenCounter } from "../../src/tokens/create-token-counter.js";
import { createFakeClock } from "./fake-clock.js";
import { memoryRunAt } from "./memory-run-at.js";

/**
 * `answerQuestion`'s input for a question answered from retrieval alone (no
 * model) over files held in memory, with a repository's default settings;
 * `overrides` replace any field.
 *
 * @example
 * await answerQuestion(retrievalAnswerInput(SHA, FILES, { question: "where are retries decided?" }))
 */
export function retrievalAnswerInput(
  sha: string,
  files: Record<string, string>,
  overrides: Partial<AnswerQuestionInput> = {},
): AnswerQuestionInput {
  return {
    at: memoryRunAt(sha, files),
    question: "",
    asker: "asker",
    issue: { number: 1, title: "Retries", body: null, comments: [] },
    settings: resolveRunSettings(defaultRepoConfig(), {
      model: "gpt-4o",
      contextWindow: 128_000,
    }),
    excludePaths: [],
    model: undefined,
    guidance: [],
    maxRepositoryBytes: 10_000_000,
    tokenCounter: createTokenCounter({ model: "gpt-4o" }),
    clock: createFakeClock(),
    log: { info: () => {}, warn: () => {} },
    progress: () => {},
    ...overrides,
  };
}
