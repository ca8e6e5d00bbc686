import { runSteps } from "../../../src/run/run-steps.js";
import type { RunReply } from "../../../src/run/run-state.js";

// What the steps are handed besides the state: the run's own, passed whole.
const deps = { name: "the run's clients" };
type Deps = typeof deps;

const declined: RunReply = {
  body: "`/nope` is not a command",
  outcome: { kind: "failed", reason: "unknown-command" },
};

describe("runSteps", () => {
  it("runs the steps in turn, each reading what the ones before added, and ends with the full state", async () => {
    const seen: string[] = [];
    const reply = await runSteps({ question: "where?" }, deps)
      .step(async (state, given: Deps) => {
        seen.push(`settle ${state.question} with ${given.name}`);
        return { next: { seconds: 180 } };
      })
      .step(async (state) => {
        seen.push(`read within ${state.seconds}`);
        return { next: { thread: "3 comments" } };
      })
      .end((state) => ({
        body: `${state.question} ${state.seconds} ${state.thread}`,
        outcome: { kind: "answered" },
      }));

    expect(seen).toStrictEqual([
      "settle where? with the run's clients",
      "read within 180",
    ]);
    expect(reply).toStrictEqual({
      body: "where? 180 3 comments",
      outcome: { kind: "answered" },
    });
  });

  it("ends at the first reply: the steps after it and the last reply never run", async () => {
    const seen: string[] = [];
    const reply = await runSteps({ question: "/nope" }, deps)
      .step(async () => {
        seen.push("plan");
        return { reply: declined };
      })
      .step(async () => {
        seen.push("answer");
        return { next: { answer: "…" } };
      })
      .end(() => {
        seen.push("last");
        return { body: "answered", outcome: { kind: "answered" } };
      });

    expect(reply).toBe(declined);
    expect(seen).toStrictEqual(["plan"]);
  });

  it("writes what each step adds into the state it was given, so a failure's handler sees how far the run got", async () => {
    const run: { question: string; deadline?: string; commit?: string } = {
      question: "where?",
    };
    const failure = new Error("GitHub answered 502");
    const ended = runSteps(run, deps)
      .step(async () => ({ next: { deadline: "in 180 s" } }))
      .step(async () => {
        throw failure;
      })
      .step(async () => ({ next: { commit: "6dcb09b" } }))
      .end(() => ({ body: "answered", outcome: { kind: "answered" } }));

    await expect(ended).rejects.toBe(failure);
    expect(run).toStrictEqual({ question: "where?", deadline: "in 180 s" });
  });

  it("runs nothing until the end is asked for", async () => {
    const seen: string[] = [];
    const steps = runSteps({}, deps).step(async () => {
      seen.push("settle");
      return { next: {} };
    });
    await Promise.resolve();
    expect(seen).toStrictEqual([]);

    await steps.end(() => ({ body: "", outcome: { kind: "answered" } }));
    expect(seen).toStrictEqual(["settle"]);
  });
});
