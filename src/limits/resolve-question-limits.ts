import type { ConfigProblem } from "../config/config-problem.js";
import type { RepoConfig } from "../config/repo-config-schema.js";

/** Questions answered per hour, from one person and in one repository. */
export interface QuestionLimits {
  perUser: number;
  perRepository: number;
}

const KEYS = {
  perUser: "questions_per_user_per_hour",
  perRepository: "questions_per_repository_per_hour",
} as const;

const ENV = {
  perUser: "ASKCODE_QUESTIONS_PER_USER_PER_HOUR",
  perRepository: "ASKCODE_QUESTIONS_PER_REPOSITORY_PER_HOUR",
} as const;

/**
 * A repository's limits within the operator's ceilings: a repository may
 * ask for less, never more. A value above the ceiling is cut to it, and the
 * answer's config note says so.
 *
 * @example
 * resolveQuestionLimits({ questions_per_user_per_hour: 50 }, { perUser: 20, perRepository: 100 })
 * // { limits: { perUser: 20, perRepository: 100 },
 * //   problems: [{ key: "limits.questions_per_user_per_hour", outcome: "adjusted", used: 20, … }] }
 */
export function resolveQuestionLimits(
  config: Pick<
    RepoConfig["limits"],
    "questions_per_user_per_hour" | "questions_per_repository_per_hour"
  >,
  ceilings: QuestionLimits,
): { limits: QuestionLimits; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const limits = { ...ceilings };
  for (const which of ["perUser", "perRepository"] as const) {
    const asked = config[KEYS[which]];
    if (asked === undefined) continue;
    if (asked <= ceilings[which]) {
      limits[which] = asked;
      continue;
    }
    problems.push({
      key: `limits.${KEYS[which]}`,
      message: `is more than this askcode allows (${ENV[which]}=${ceilings[which]}); a repository may only lower it`,
      allowed: `at most ${ceilings[which]}`,
      received: asked,
      outcome: "adjusted",
      used: ceilings[which],
    });
  }
  return { limits, problems };
}
