import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";
import { deeperSettings } from "../../../src/missions/deeper-settings.js";

const settings = resolveRunSettings(defaultRepoConfig(), {
  model: "gpt-4o",
  contextWindow: 128_000,
});

describe("deeperSettings", () => {
  it("doubles the tool calls, the run's tokens and the context", () => {
    const deeper = deeperSettings(settings, {});

    expect(deeper.maxSteps).toBe(settings.maxSteps * 2);
    expect(deeper.budgets.run).toBe(settings.budgets.run * 2);
    expect(deeper.budgets.context).toBe(settings.budgets.context * 2);
    expect(deeper.budgets.wall_time_seconds).toBe(
      settings.budgets.wall_time_seconds,
    );
  });

  it("stays within the operator's run ceiling, half the model's window and 50 steps", () => {
    const deeper = deeperSettings(
      {
        ...settings,
        maxSteps: 40,
        contextWindow: 32_000,
      },
      { maxRunTokens: 350_000 },
    );

    expect(deeper.maxSteps).toBe(50);
    expect(deeper.budgets.run).toBe(350_000);
    expect(deeper.budgets.context).toBe(16_000);
  });
});
