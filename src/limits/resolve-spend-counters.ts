import type { ConfigProblem } from "../config/config-problem.js";
import type { SpendCeilings } from "../config/operator-config.js";
import type { RepoConfig } from "../config/repo-config-schema.js";
import type { SpendCounter } from "../storage/spend-ledger/spend-ledger.js";

const REPOSITORY = [
  [
    "day",
    "tokens_per_day",
    "repositoryPerDay",
    "ASKCODE_TOKENS_PER_REPOSITORY_PER_DAY",
  ],
  [
    "month",
    "tokens_per_month",
    "repositoryPerMonth",
    "ASKCODE_TOKENS_PER_REPOSITORY_PER_MONTH",
  ],
] as const;

/**
 * The spend counters one question counts against: the installation's
 * (the operator's ceilings) and the repository's (the operator's, or the
 * repository's own when lower, or its own alone when the operator sets
 * none), per day and per month; a period with no ceiling has no counter.
 * A repository asking for more than the operator allows gets the
 * operator's, and a config note says so, as with the hourly limits.
 *
 * @example
 * resolveSpendCounters({ installationId: 42, owner: "Octo", repo: "App" }, { tokens_per_day: 200_000 }, ceilings)
 * // { counters: [{ scope: "installation", name: "42", period: "month", limit: 5_000_000 },
 * //              { scope: "repository", name: "octo/app", period: "day", limit: 200_000 }], problems: [] }
 */
export function resolveSpendCounters(
  job: { installationId: number; owner: string; repo: string },
  limits: Pick<RepoConfig["limits"], "tokens_per_day" | "tokens_per_month">,
  ceilings: SpendCeilings,
): { counters: SpendCounter[]; problems: ConfigProblem[] } {
  const counters: SpendCounter[] = [];
  const problems: ConfigProblem[] = [];
  const installation = String(job.installationId);
  for (const [period, ceiling] of [
    ["day", ceilings.installationPerDay],
    ["month", ceilings.installationPerMonth],
  ] as const)
    if (ceiling !== undefined)
      counters.push({
        scope: "installation",
        name: installation,
        period,
        limit: ceiling,
      });
  const repository = `${job.owner}/${job.repo}`.toLowerCase();
  for (const [period, key, field, env] of REPOSITORY) {
    const asked = limits[key];
    const ceiling = ceilings[field];
    if (asked !== undefined && ceiling !== undefined && asked > ceiling)
      problems.push({
        key: `limits.${key}`,
        message: `is more than this askcode allows (${env}=${ceiling}); a repository may only lower it`,
        allowed: `at most ${ceiling}`,
        received: asked,
        outcome: "adjusted",
        used: ceiling,
      });
    const limit =
      asked === undefined ? ceiling : Math.min(asked, ceiling ?? asked);
    if (limit !== undefined)
      counters.push({ scope: "repository", name: repository, period, limit });
  }
  return { counters, problems };
}
