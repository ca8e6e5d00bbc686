import type { Mission } from "../missions/mission-schema.js";
import { resolveRunSettings } from "../missions/resolve-run-settings.js";
import type { QuestionJob } from "../question/question-job.js";
import { startRunDeadline } from "./run-deadline.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { RunState, StepResult } from "./run-state.js";

/**
 * The first step of a run: its settings (the operator's, the repository's,
 * then its mission's) and its deadline, which starts now. A step of its own
 * so the deadline is in the run's state before anything reads: a read it
 * cuts off is then told as the time running out.
 *
 * @example
 * const { next } = await settleRun({ job }, deps); // next.deadline.remainingMs(): 180_000
 */
export async function settleRun(
  state: Pick<RunState, "job">,
  deps: RunQuestionDeps,
): Promise<StepResult<Pick<RunState, "mission" | "settings" | "deadline">>> {
  const { job } = state;
  const mission = missionOf(job.task, deps.missions);
  const settings = resolveRunSettings(job.config, deps.operator, mission);
  return {
    next: {
      mission,
      settings,
      deadline: startRunDeadline(settings, deps.clock),
    },
  };
}

/** The mission a labelled task runs (none for a question, or a mission no longer loaded). */
function missionOf(
  task: QuestionJob["task"],
  missions: readonly Mission[],
): Mission | undefined {
  return task.kind === "mission"
    ? missions.find((m) => m.name === task.mission)
    : undefined;
}
