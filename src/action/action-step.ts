import * as core from "@actions/core";
import {
  runAction,
  type ActionResult,
  type RunActionOptions,
} from "./run-action.js";

/** The Action's outputs, as action.yml declares them (test/unit/action/action-yml.test.ts checks it). */
export const ACTION_OUTPUTS = ["answer-url", "context-report"] as const;

// What the step summary says when there is no reply to link.
const WITHOUT_REPLY: Record<
  Exclude<ActionResult["kind"], "replied" | "refused">,
  string
> = {
  ignored: "askcode was not asked anything by this event.",
  declined:
    "askcode was not asked: the repository's `.github/askcode.yml` or the asker's role turned the event away, or the question was withdrawn.",
  "replied-before":
    "askcode replied to this trigger in an earlier run; nothing was written.",
};

/**
 * The Action's step as the runner sees it: `runAction`, then its outputs
 * (`answer-url`, `context-report`; empty when there was no reply) and a
 * step summary with the reply's link; a failure fails the step with its
 * cause, as an error annotation (`core.setFailed`). @actions/core writes
 * them where the runner reads them (`GITHUB_OUTPUT`, `GITHUB_STEP_SUMMARY`).
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands
 *
 * @example
 * await actionStep(process.env); // src/action/main.ts
 */
export async function actionStep(
  env: Readonly<Record<string, string | undefined>>,
  options: RunActionOptions = {},
): Promise<void> {
  try {
    const result = await runAction(env, options);
    const replied = result.kind === "replied" ? result : undefined;
    core.setOutput("answer-url", replied?.answerUrl ?? "");
    core.setOutput("context-report", replied?.contextReport ?? "");
    if (result.kind === "refused")
      return core.setFailed(
        "GitHub refused askcode's reply where the question was asked (the log above has GitHub's reason).",
      );
    const summary = core.summary.addHeading("askcode", 3);
    if (result.kind === "replied")
      summary
        .addRaw(
          result.outcome.kind === "answered"
            ? "Answered: "
            : "Replied without an answer: ",
        )
        .addLink(result.answerUrl, result.answerUrl);
    else summary.addRaw(WITHOUT_REPLY[result.kind]);
    await summary.write();
  } catch (error) {
    core.setFailed(describeFailure(error));
  }
}

// The cause chain in one line ("askcode cannot run: …", or what failed and
// why), never a stack alone.
function describeFailure(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e && parts.length < 4;) {
    parts.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(": ") || "askcode failed with no message";
}
