import { resolveBudgets } from "../../../src/agent/budgets.js";
import {
  firstStopReached,
  type LoopState,
} from "../../../src/agent/stop-conditions.js";

const budgets = resolveBudgets({
  maxSteps: 8,
  runTokens: 60_000,
  toolResultTokens: 4_000,
  answerTokens: 2_000,
  wallTimeMs: 60_000,
});
const fresh: LoopState = {
  steps: 0,
  tokensUsed: 0,
  promptTokens: 5_000,
  elapsedMs: 0,
};

describe("firstStopReached", () => {
  it("lets a fresh run take a step", () => {
    expect(firstStopReached(fresh, budgets)).toBeUndefined();
  });

  it.each<[Partial<LoopState>, string]>([
    [{ steps: 8 }, "max_steps"],
    [{ elapsedMs: 60_000 }, "wall_time"],
    // 20,000 + (17,000 + 256) + (17,000 + 256 + 4,000 + 100) + 2,000 = 60,612 > 60,000
    [{ tokensUsed: 20_000, promptTokens: 17_000 }, "token_budget"],
    [{ steps: 8, elapsedMs: 90_000 }, "wall_time"],
  ])("%j → %s", (change, reason) => {
    expect(firstStopReached({ ...fresh, ...change }, budgets)).toBe(reason);
  });

  it("goes on while the answer still has room", () => {
    // 20,000 + (15,000 + 256) + (15,000 + 256 + 4,000 + 100) + 2,000 = 56,612 ≤ 60,000
    expect(
      firstStopReached(
        { ...fresh, tokensUsed: 20_000, promptTokens: 15_000 },
        budgets,
      ),
    ).toBeUndefined();
  });

  it("keeps the last request inside the context window", () => {
    const windowed = { ...budgets, contextTokens: 16_000 };
    // 10,000 + 256 + 4,000 + 100 + 2,000 = 16,356 > 16,000
    expect(firstStopReached({ ...fresh, promptTokens: 10_000 }, windowed)).toBe(
      "token_budget",
    );
  });
});

describe("max_steps, as the loop counts it and as users read it", () => {
  // The loop takes one step per tool call run (run-agent.test.ts: "runs
  // several calls of one reply in order, one step each"); what a repository's
  // maintainer reads about `max_steps` must say the same.
  it("is documented as tool calls, one per model turn, wherever a user sets it", async () => {
    const { readFile } = await import("node:fs/promises");
    const root = new URL("../../../", import.meta.url);
    const schema = JSON.parse(
      await readFile(new URL("docs/askcode.schema.json", root), "utf8"),
    ) as { properties: { max_steps: { description: string } } };
    const readme = await readFile(new URL("README.md", root), "utf8");
    const readmeLine = readme
      .split("\n")
      .find((line) => line.startsWith("max_steps: 8"));

    for (const text of [schema.properties.max_steps.description, readmeLine]) {
      expect(text).toMatch(/tool calls/);
      expect(text).toMatch(/one per model turn/);
    }
  });
});
