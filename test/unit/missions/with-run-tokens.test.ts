import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";
import { withRunTokens } from "../../../src/missions/with-run-tokens.js";

const settings = resolveRunSettings(defaultRepoConfig(), {
  model: "gpt-4o",
  contextWindow: 128_000,
});

describe("withRunTokens", () => {
  it("sets the run's budget and keeps the context and each tool result within it", () => {
    expect(withRunTokens(settings, 20_000).budgets).toStrictEqual({
      ...settings.budgets,
      run: 20_000,
      context: 12_000,
      tool_result: 4_000,
    });
    expect(withRunTokens(settings, 3_000).budgets).toStrictEqual({
      ...settings.budgets,
      run: 3_000,
      context: 3_000,
      tool_result: 3_000,
    });
  });
});
