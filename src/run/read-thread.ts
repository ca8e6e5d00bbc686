import type { RunState, StepResult } from "./run-state.js";

/**
 * The step that reads the thread the question was asked in (its title, body
 * and comments, as the model reads them), by the run's deadline, and the
 * handle the asker mentioned: the configured one, else the app's name.
 *
 * @example
 * const { next } = await readThread(run); // next.mentioned: "askcode"
 */
export async function readThread(
  state: Pick<RunState, "clients" | "deadline" | "handle">,
): Promise<StepResult<Pick<RunState, "thread" | "mentioned">>> {
  const thread = await state.clients.conversation.readThread(state.deadline);
  return {
    next: { thread, mentioned: state.handle ?? thread.appSlug ?? "askcode" },
  };
}
