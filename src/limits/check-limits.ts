import { isMemberAssociation } from "../config/config-fields.js";
import type { QuestionJob } from "../question/question-job.js";
import type {
  LimitCounter,
  QuestionLimiter,
} from "../storage/question-limiter/question-limiter.js";
import { renderLimitNotice } from "./render-limit-notice.js";
import {
  resolveQuestionLimits,
  type QuestionLimits,
} from "./resolve-question-limits.js";
import type { Clock } from "../shared/clock.js";

export interface CheckLimitsDeps {
  limiter: QuestionLimiter;
  /** The operator's ceilings (`ASKCODE_QUESTIONS_PER_*_PER_HOUR`). */
  ceilings: QuestionLimits;
  clock: Pick<Clock, "now">;
  /** Posts a comment on the job's issue. */
  comment(job: QuestionJob, body: string): Promise<unknown>;
  log: {
    info(meta: object, message: string): void;
    warn(meta: object, message: string): void;
  };
}

/**
 * The worker's step between the config and the 👀: counts a question
 * against its asker's and its repository's hourly limits. Over a limit, the
 * question is not answered; the first time in the hour, one comment says
 * which limit and when to ask again, and after that nothing is said.
 *
 * A mission a member's label started is not counted (they chose to run
 * it); one an outsider's issue template started (its label came as theirs,
 * `labellerAssociation`) counts as their question would. Owners, members
 * and collaborators are not counted against the per-person limit: they
 * run the repository. Their questions still count towards the
 * repository's limit, the operator's bound on what one repository costs.
 * When the limiter cannot be reached, the question is answered (logged):
 * a Redis outage should not silence askcode.
 *
 * Resolves the job to answer, with a note when the repository asked for
 * more than the operator allows, or undefined when it is over a limit.
 *
 * @example
 * const job = await checkLimits(await acceptTrigger(trigger, deps), deps);
 */
export async function checkLimits(
  job: QuestionJob,
  deps: CheckLimitsDeps,
): Promise<QuestionJob | undefined> {
  if (job.task.kind === "mission" && isMemberAssociation(job.askerAssociation))
    return job;
  const { limits, problems } = resolveQuestionLimits(
    job.config.limits,
    deps.ceilings,
  );
  const counters: LimitCounter[] = [];
  // A job queued before `askerAssociation` was recorded counts its asker as
  // anyone: at worst one question counts against their hourly limit.
  if (!isMemberAssociation(job.askerAssociation))
    counters.push({
      scope: "user",
      name: job.requestedBy.toLowerCase(),
      limit: limits.perUser,
    });
  counters.push({
    scope: "repository",
    name: `${job.owner}/${job.repo}`.toLowerCase(),
    limit: limits.perRepository,
  });
  const verdict = await deps.limiter
    .admit(job.triggerId, counters)
    .catch((error: unknown) => {
      deps.log.warn(
        { err: error, deliveryId: job.deliveryId },
        "askcode could not count the question against its limits; answering it",
      );
      return { allowed: true } as const;
    });
  if (verdict.allowed)
    return problems.length === 0
      ? job
      : { ...job, configProblems: [...job.configProblems, ...problems] };
  const { counter, resetsAt, notify } = verdict;
  deps.log.info(
    {
      deliveryId: job.deliveryId,
      limit: counter.scope,
      perHour: counter.limit,
      notified: notify,
    },
    `askcode does not answer: the ${counter.scope === "user" ? `${job.requestedBy}'s` : "repository's"} questions of this hour are used`,
  );
  if (notify)
    await deps
      .comment(job, renderLimitNotice(counter, resetsAt, deps.clock.now()))
      .catch((error: unknown) =>
        deps.log.warn(
          { err: error, deliveryId: job.deliveryId },
          "askcode could not post its question-limit notice",
        ),
      );
  return undefined;
}
