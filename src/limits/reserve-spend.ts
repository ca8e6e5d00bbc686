import type { SpendCeilings } from "../config/operator-config.js";
import type { ConfigProblem } from "../config/config-problem.js";
import type { Budgets } from "../config/repo-config-schema.js";
import { runShapeOf, tokensForSteps } from "../config/tokens-for-steps.js";
import type { RunMetrics } from "../metrics/run-metrics.js";
import type { QuestionJob } from "../question/question-job.js";
import { resolveSpendCounters } from "./resolve-spend-counters.js";
import type {
  SpendHold,
  SpendLedger,
  SpendShortfall,
} from "../storage/spend-ledger/spend-ledger.js";

export interface SpendDeps {
  ledger: SpendLedger;
  /** The operator's ceilings (`ASKCODE_TOKENS_PER_*`). */
  ceilings: SpendCeilings;
  log: { warn(meta: object, message: string): void };
  /** Told what is left of each budget once a run settles (none: not told). */
  metrics?: Pick<RunMetrics, "budgetRemaining">;
}

/** A run's standing with the model budgets, from admission until it settles. */
export interface SpendRun {
  /** A repository budget above the operator's ceiling: the answer's config note says so. */
  problems: ConfigProblem[];
  /** Set when a budget has too little left for the model: the run answers from retrieval alone. */
  shortfall?: SpendShortfall;
  /** The run's token ceiling: its own `budgets.run`, or what a budget has left when that is less. */
  tokens: number;
  /**
   * Replaces the run's hold by the model tokens it spent (0 when it never
   * asked the model, which gives the hold back). The first call counts;
   * later ones do nothing, so a run's last step may call it whatever came
   * before.
   */
  settle(tokens: number): Promise<void>;
}

// A hold outlives the run's wall time by this much: the settle after the
// run's last request, and replicas' clocks a little apart. A run whose
// process died gives its hold back then.
const HOLD_MARGIN_MS = 60_000;

/**
 * Before a run that would ask the model: holds the run's token ceiling in
 * every model budget it counts against (its installation's and
 * repository's, per day and month), so runs at once cannot together spend
 * more than a budget has left. The ceiling is the run's own `budgets.run`,
 * or what the tightest budget has left when that is less; a budget with
 * less left than the run's first request and answer need
 * (`tokensForSteps(…, 0)`) refuses the model. When the ledger cannot be
 * reached, the run keeps its own budget (logged): an outage of the store
 * should not take the model away.
 *
 * @example
 * const spend = await reserveSpend(job, runSettings.budgets, deps);
 * if (spend.shortfall) // answer from retrieval alone, saying why when spend.shortfall.notify
 * else // run the agent within spend.tokens, then: await spend.settle(input + output)
 */
export async function reserveSpend(
  job: Pick<
    QuestionJob,
    "installationId" | "owner" | "repo" | "config" | "deliveryId" | "triggerId"
  >,
  budgets: Pick<
    Budgets,
    "run" | "context" | "tool_result" | "wall_time_seconds"
  >,
  deps: SpendDeps,
): Promise<SpendRun> {
  const { counters, problems } = resolveSpendCounters(
    job,
    job.config.limits,
    deps.ceilings,
  );
  const unheld = { problems, tokens: budgets.run, settle: async () => {} };
  if (counters.length === 0) return unheld;
  const grant = await deps.ledger
    .reserve(job.triggerId, counters, {
      tokens: budgets.run,
      least: tokensForSteps(runShapeOf(budgets), 0),
      holdMs: budgets.wall_time_seconds * 1000 + HOLD_MARGIN_MS,
    })
    .catch((error: unknown) => {
      deps.log.warn(
        { err: error, deliveryId: job.deliveryId },
        "askcode could not read its model budgets; answering with the model",
      );
      return undefined;
    });
  if (!grant) return unheld;
  if (!grant.granted) return { ...unheld, shortfall: grant };
  let settled = false;
  return {
    problems,
    tokens: grant.tokens,
    settle: async (tokens) => {
      if (settled) return;
      settled = true;
      await settleHold(grant.hold, tokens, deps);
    },
  };
}

async function settleHold(
  hold: SpendHold,
  tokens: number,
  deps: SpendDeps,
): Promise<void> {
  const totals = await deps.ledger
    .settle(hold, tokens)
    .catch((error: unknown) => {
      deps.log.warn(
        { err: error, runId: hold.runId },
        "askcode could not count the run's model tokens against its budgets",
      );
      return undefined;
    });
  hold.counters.forEach((counter, i) => {
    const total = totals?.[i];
    if (total !== undefined)
      deps.metrics?.budgetRemaining(counter, counter.limit - total);
  });
}
