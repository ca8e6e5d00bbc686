import type { RunQuestionDeps } from "./run-question-deps.js";
import type { RunReply, RunStep, StepResult } from "./run-state.js";

/** A run's steps, in the order they were given; `end` runs them. */
export interface RunSteps<State extends object, Deps> {
  /** The next step: it reads the state the steps before it left. */
  step<Adds extends object>(
    step: RunStep<State, Adds, Deps>,
  ): RunSteps<State & Adds, Deps>;
  /** Runs the steps in turn: the first reply ends the run, else `last` makes it from the full state. */
  end(last: (state: State) => RunReply): Promise<RunReply>;
}

/**
 * The steps of one run over one state: each step reads it and goes on (what
 * it adds is written into `state` itself, so a caller that catches a
 * step's failure sees what the steps before it added) or replies, and the
 * steps after a reply never run. A step's failure rejects `end`.
 *
 * @example
 * const reply = await runSteps(run, deps).step(settleRun).step(readThread).end(answered);
 */
export function runSteps<State extends object, Deps = RunQuestionDeps>(
  state: State,
  deps: Deps,
): RunSteps<State, Deps> {
  return chain(async () => ({ next: state }), deps);
}

// `run` resolves the state so far, or the reply that ended the run; nothing
// runs until `end`, so a list of steps is only a list until then.
function chain<State extends object, Deps>(
  run: () => Promise<StepResult<State>>,
  deps: Deps,
): RunSteps<State, Deps> {
  return {
    step: <Adds extends object>(step: RunStep<State, Adds, Deps>) =>
      chain<State & Adds, Deps>(async () => {
        const sofar = await run();
        if ("reply" in sofar) return sofar;
        const result = await step(sofar.next, deps);
        if ("reply" in result) return result;
        return { next: Object.assign(sofar.next, result.next) };
      }, deps),
    end: async (last) => {
      const ended = await run();
      return "reply" in ended ? ended.reply : last(ended.next);
    },
  };
}
