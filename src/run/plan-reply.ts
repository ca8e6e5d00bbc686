import type { FailureReason } from "../question/failure-reason.js";
import { renderFailureComment } from "../answer/render-failure-comment.js";
import { missionEnabled } from "../question/decide-label.js";
import { planRun, type RunPlan } from "./plan-run.js";
import { renderHelp, type HelpInput } from "../answer/render-help.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { RunReply, RunState, StepResult } from "./run-state.js";

/**
 * The step that reads the question for a command (`planRun`): a question to
 * answer goes on with its task and form (a command with no question, or
 * "retry", takes the thread's previous one); `/help`, an unknown command
 * and a members-only one from someone else are replied to without reading
 * any code.
 *
 * @example
 * await planReply(run, deps) // { next: { task, form: "deeper" } }, or { reply: { body: "…commands…", outcome } }
 */
export async function planReply(
  state: Pick<RunState, "job" | "thread" | "mentioned" | "settings">,
  deps: RunQuestionDeps,
): Promise<StepResult<Pick<RunState, "task" | "form" | "showHistory">>> {
  const { job, settings } = state;
  const plan = planRun(job, state.thread, state.mentioned);
  if (plan.kind === "answer")
    return {
      next: {
        task: plan.task,
        form: plan.form,
        ...(plan.showHistory && { showHistory: plan.showHistory }),
      },
    };
  return {
    reply: await replyWithoutAnswer(plan, {
      handle: state.mentioned,
      config: job.config,
      settings,
      modelConfigured: deps.modelFor(settings.model) !== undefined,
      missions: deps.missions,
    }),
  };
}

/** `/help`'s page, or the comment that names an unknown command or one only members may give. */
async function replyWithoutAnswer(
  plan: Exclude<RunPlan, { kind: "answer" }>,
  help: HelpInput,
): Promise<RunReply> {
  if (plan.kind === "help")
    return {
      body: renderHelp({
        ...help,
        missions: help.missions.filter((m) =>
          missionEnabled(help.config, m.name),
        ),
      }),
      outcome: { kind: "answered" },
    };
  const reason: FailureReason =
    plan.kind === "members-only"
      ? { kind: "members-only", name: plan.name }
      : {
          kind: "unknown-command",
          name: plan.name,
          ...(plan.suggestion && { suggestion: plan.suggestion }),
        };
  return {
    body: await renderFailureComment(reason, { handle: help.handle }),
    outcome: { kind: "failed", reason: reason.kind },
  };
}
