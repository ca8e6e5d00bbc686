import type { ModelPrice } from "../shared/model-cost.js";
import type { Registry } from "prom-client";
import {
  createAnswerReactionMetrics,
  type AnswerReactionMetrics,
} from "./answer-reaction-metrics.js";
import { createGitHubMetrics, type GitHubMetrics } from "./github-metrics.js";
import {
  createQuestionMetrics,
  type QuestionMetrics,
} from "./question-metrics.js";
import { createReplyMetrics, type ReplyMetrics } from "./reply-metrics.js";
import { createRunMetrics, type RunMetrics } from "./run-metrics.js";
import {
  createUnaskedMetrics,
  type UnaskedMetrics,
} from "./unasked-metrics.js";
import { createWatchMetrics, type WatchMetrics } from "./watch-metrics.js";
import {
  createWebhookMetrics,
  type WebhookMetrics,
} from "./webhook-metrics.js";

/** Every askcode metric, grouped by the part of the app that reports it. */
export interface AskcodeMetrics {
  webhooks: WebhookMetrics;
  questions: QuestionMetrics;
  github: GitHubMetrics;
  run: RunMetrics;
  reactions: AnswerReactionMetrics;
  watch: WatchMetrics;
  replies: ReplyMetrics;
  unasked: UnaskedMetrics;
}

/**
 * Registers askcode's metrics on `registry` (the one `/metrics` serves; tests
 * pass a fresh `new Registry()`). Registering twice on one registry throws,
 * as prom-client refuses a second metric of the same name.
 *
 * @example
 * const registry = new Registry();
 * const metrics = createAskcodeMetrics(registry);
 * await registry.metrics(); // "# HELP askcode_webhooks_received_total …"
 */
export function createAskcodeMetrics(
  registry: Registry,
  prices: Readonly<Record<string, ModelPrice>> = {},
): AskcodeMetrics {
  return {
    webhooks: createWebhookMetrics(registry),
    questions: createQuestionMetrics(registry),
    github: createGitHubMetrics(registry),
    run: createRunMetrics(registry, prices),
    reactions: createAnswerReactionMetrics(registry),
    watch: createWatchMetrics(registry),
    replies: createReplyMetrics(registry),
    unasked: createUnaskedMetrics(registry),
  };
}
