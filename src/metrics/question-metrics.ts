import { Counter, Gauge, Histogram, type Registry } from "prom-client";

/** What happens to accepted questions, from the queue to the last edit of the reply. */
export interface QuestionMetrics {
  /** Accepted into the queue; `repository` is "owner/repo". */
  queued(repository: string): void;
  /** A job starts running; call `stopped` when it ends, however it ends. */
  started(): void;
  stopped(): void;
  /** The reply is an answer, `seconds` after the webhook was accepted. */
  answered(repository: string, seconds: number): void;
  /**
   * The reply says why there is no answer; `reason` is the failure's kind
   * (`FailureReason["kind"]` of the answer stage: a short, bounded set, so it
   * can label a series; metrics/ is a leaf and does not import that type).
   */
  failed(repository: string, reason: string): void;
}

// From a cached retrieval-only answer (about a second) to a long agent run
// against a slow model (the default wall-time budget, plus queueing).
const LATENCY_BUCKETS = [1, 2.5, 5, 10, 20, 30, 45, 60, 90, 120, 180, 240, 300];

/**
 * The question counters, the running gauge and the answer-latency histogram,
 * registered on `registry`. Repositories label the counters (they are bounded
 * by the installations); the histogram has none, so its series stay few.
 *
 * @example
 * const questions = createQuestionMetrics(registry);
 * questions.answered("octo/app", 12.5);
 */
export function createQuestionMetrics(registry: Registry): QuestionMetrics {
  const queued = new Counter({
    name: "askcode_questions_queued_total",
    help: "Questions and missions accepted into the job queue.",
    labelNames: ["repository"] as const,
    registers: [registry],
  });
  const running = new Gauge({
    name: "askcode_questions_running",
    help: "Questions being worked on right now.",
    registers: [registry],
  });
  const answered = new Counter({
    name: "askcode_questions_answered_total",
    help: "Questions whose reply is an answer.",
    labelNames: ["repository"] as const,
    registers: [registry],
  });
  const failed = new Counter({
    name: "askcode_questions_failed_total",
    help: "Questions whose reply says why there is no answer, by that reason.",
    labelNames: ["repository", "reason"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "askcode_answer_latency_seconds",
    help: "Time from accepting a question's webhook to posting its answer.",
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return {
    queued: (repository) => queued.inc({ repository }),
    started: () => running.inc(),
    stopped: () => running.dec(),
    answered: (repository, seconds) => {
      answered.inc({ repository });
      latency.observe(seconds);
    },
    failed: (repository, reason) => failed.inc({ repository, reason }),
  };
}
