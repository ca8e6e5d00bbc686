import type { FailureReason } from "../question/failure-reason.js";
import { renderFailureComment } from "../answer/render-failure-comment.js";
import { missionEnabled } from "../question/decide-label.js";
import type { QuestionOutcome } from "./question-outcome.js";
import type { RunPlan } from "./plan-run.js";
import { renderHelp, type HelpInput } from "../answer/render-help.js";

/** A run's reply and how the run ended. */
export interface RunReply {
  body: string;
  outcome: QuestionOutcome;
}

/**
 * The reply to a plan that reads no code: `/help`'s page, or the comment
 * that names an unknown command or one only members may give.
 *
 * @example
 * await replyWithoutAnswer({ kind: "help" }, { handle: "askcode", config, settings, modelConfigured: false, missions })
 * // { body: "…commands…", outcome: { kind: "answered" } }
 */
export async function replyWithoutAnswer(
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
