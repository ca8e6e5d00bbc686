import type { SpendCeilings } from "../config/operator-config.js";
import type { ConfigProblem } from "../config/config-problem.js";
import type { QuestionJob } from "../question/question-job.js";
import { resolveSpendCounters } from "./resolve-spend-counters.js";
import type {
  SpendCounter,
  SpendLedger,
  SpendVerdict,
} from "./spend-ledger.js";

export interface SpendDeps {
  ledger: SpendLedger;
  /** The operator's ceilings (`ASKCODE_TOKENS_PER_*`). */
  ceilings: SpendCeilings;
  log: { warn(meta: object, message: string): void };
}

export interface SpendCheck {
  /** What the run's model tokens count against (`record` them after the run). */
  counters: SpendCounter[];
  /** A repository budget above the operator's ceiling: the answer's config note says so. */
  problems: ConfigProblem[];
  verdict: SpendVerdict;
}

/**
 * Before a run that would ask the model: whether this installation's or
 * repository's model budget for the day or month is spent. When the
 * ledger cannot be reached, the budget is taken as not spent (logged): an
 * outage of the store should not take the model away.
 *
 * @example
 * const { verdict, counters } = await checkSpend(job, deps);
 * if (verdict.spent) // answer from retrieval alone, saying why when verdict.notify
 */
export async function checkSpend(
  job: Pick<
    QuestionJob,
    "installationId" | "owner" | "repo" | "config" | "deliveryId"
  >,
  deps: SpendDeps,
): Promise<SpendCheck> {
  const { counters, problems } = resolveSpendCounters(
    job,
    job.config.limits,
    deps.ceilings,
  );
  if (counters.length === 0)
    return { counters, problems, verdict: { spent: false } };
  const verdict = await deps.ledger.check(counters).catch((error: unknown) => {
    deps.log.warn(
      { err: error, deliveryId: job.deliveryId },
      "askcode could not read its model budgets; answering with the model",
    );
    return { spent: false } as const;
  });
  return { counters, problems, verdict };
}

/**
 * The sentence a retrieval answer opens with when a budget is spent: whose,
 * how large, and when it renews.
 *
 * @example
 * renderSpentNote({ scope: "repository", period: "day", limit: 500_000, … }, Date.UTC(2026, 11, 1))
 * // "This repository's model budget for today (500,000 tokens, UTC) is spent, so this answer comes from a search of the code alone. It renews at 2026-12-01 00:00 UTC."
 */
export function renderSpentNote(
  counter: SpendCounter,
  renewsAt: number,
): string {
  const whose =
    counter.scope === "installation"
      ? "This installation's"
      : "This repository's";
  const when = counter.period === "day" ? "today" : "this month";
  const renews = new Date(renewsAt)
    .toISOString()
    .slice(0, 16)
    .replace("T", " ");
  return `${whose} model budget for ${when} (${counter.limit.toLocaleString("en")} tokens, UTC) is spent, so this answer comes from a search of the code alone. It renews at ${renews} UTC.`;
}
