import { Counter, type Registry } from "prom-client";

/** What the staleness watch reports after checking a push against the answers kept. */
export interface WatchMetrics {
  /** A push to `repository`'s default branch was checked: GitHub comparisons made, answers noted. */
  checked(repository: string, check: { compared: number; noted: number }): void;
}

/**
 * The staleness watch's counters, registered on `registry`, labelled by
 * repository as the question counters are: the comparisons it spends
 * GitHub's rate limit on, and the answers it noted as out of date.
 *
 * @example
 * const watch = createWatchMetrics(registry);
 * watch.checked("octo/app", { compared: 1, noted: 1 });
 * // askcode_answers_noted_total{repository="octo/app"} 1
 */
export function createWatchMetrics(registry: Registry): WatchMetrics {
  const compared = new Counter({
    name: "askcode_push_comparisons_total",
    help: "GitHub comparisons the staleness watch made to check pushes against the answers kept, by repository.",
    labelNames: ["repository"] as const,
    registers: [registry],
  });
  const noted = new Counter({
    name: "askcode_answers_noted_total",
    help: "Answers that got a note because a push changed or moved the lines they cited, by repository.",
    labelNames: ["repository"] as const,
    registers: [registry],
  });
  return {
    checked(repository, check) {
      compared.inc({ repository }, check.compared);
      noted.inc({ repository }, check.noted);
    },
  };
}
