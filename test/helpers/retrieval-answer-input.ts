import { defaultRepoConfig } from "../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../src/missions/resolve-run-settings.js";
import type { AnswerQuestionInput } from "../../src/run/answer-question-input.js";
import { createTokenCounter } from "../../src/tokens/create-token-counter.js";
import { createFakeClock } from "./fake-clock.js";
import { memoryRunAt } from "./memory-run-at.js";

/** Fields to replace in `retrievalAnswerInput`'s input, group by group. */
export interface AnswerInputOverrides {
  repository?: Partial<AnswerQuestionInput["repository"]>;
  asked?: Partial<AnswerQuestionInput["asked"]>;
  settings?: Partial<AnswerQuestionInput["settings"]>;
  services?: Partial<AnswerQuestionInput["services"]>;
}

/**
 * `answerQuestion`'s input for a question answered from retrieval alone (no
 * model) over files held in memory, with a repository's default settings;
 * `overrides` replace any field of any group, the rest of its group kept.
 *
 * @example
 * await answerQuestion(retrievalAnswerInput(SHA, FILES, { asked: { question: "where are retries decided?" } }))
 */
export function retrievalAnswerInput(
  sha: string,
  files: Record<string, string>,
  overrides: AnswerInputOverrides = {},
): AnswerQuestionInput {
  return {
    repository: {
      at: memoryRunAt(sha, files),
      excludePaths: [],
      maxRepositoryBytes: 10_000_000,
      ...overrides.repository,
    },
    asked: {
      question: "",
      asker: "asker",
      issue: { number: 1, title: "Retries", body: null, comments: [] },
      ...overrides.asked,
    },
    settings: {
      ...resolveRunSettings(defaultRepoConfig(), {
        model: "gpt-4o",
        contextWindow: 128_000,
      }),
      ...overrides.settings,
    },
    services: {
      model: undefined,
      tokenCounter: createTokenCounter({ model: "gpt-4o" }),
      clock: createFakeClock(),
      log: { info: () => {}, warn: () => {} },
      progress: () => {},
      ...overrides.services,
    },
  };
}
