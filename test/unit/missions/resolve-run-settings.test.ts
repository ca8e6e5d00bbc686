import { parseRepoConfig } from "../../../src/config/parse-repo-config.js";
import type { Mission } from "../../../src/missions/mission-schema.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";

const OPERATOR = { model: "gpt-4o", contextWindow: 128000 };

function mission(overrides: Partial<Mission>): Mission {
  return {
    name: "triage",
    description: "Triage.",
    labels: ["triage"],
    instructions: "Triage it.",
    tools: ["search_repository_code", "read_file_contents"],
    output: "## Answer\n",
    file: "missions/triage.yaml",
    sections: ["Answer"],
    ...overrides,
  };
}

describe("resolveRunSettings", () => {
  it("takes the operator's model and the repository's limits for a question", () => {
    const { config } = parseRepoConfig({ max_steps: 5 });
    expect(resolveRunSettings(config, OPERATOR)).toStrictEqual({
      model: "gpt-4o",
      contextWindow: 128000,
      budgets: {
        context: 12000,
        tool_result: 4000,
        run: 300000,
        wall_time_seconds: 180,
      },
      maxSteps: 5,
      limits: { max_question_chars: 8000, max_thread_comments: 100 },
      tools: [
        "search_repository_code",
        "read_file_contents",
        "list_directory_contents",
      ],
    });
  });

  it("lets the repository's model win over the operator's", () => {
    const { config } = parseRepoConfig({
      model: { name: "local", context_window: 8192 },
    });
    expect(resolveRunSettings(config, OPERATOR)).toMatchObject({
      model: "local",
      contextWindow: 8192,
    });
  });

  it("lets a mission override the repository, budget by budget", () => {
    const { config } = parseRepoConfig({
      model: "gpt-4.1",
      max_steps: 5,
      budgets: { context: 10000, wall_time_seconds: 60 },
    });
    expect(
      resolveRunSettings(
        config,
        OPERATOR,
        mission({ model: "o3-mini", max_steps: 12, budgets: { run: 90000 } }),
      ),
    ).toStrictEqual({
      model: "o3-mini",
      contextWindow: 128000, // a model named without a window: the operator's
      budgets: {
        context: 10000,
        tool_result: 4000,
        run: 90000,
        wall_time_seconds: 60,
      },
      maxSteps: 12,
      limits: { max_question_chars: 8000, max_thread_comments: 100 },
      tools: ["search_repository_code", "read_file_contents"],
    });
  });

  it("keeps a mission's context within a smaller run budget", () => {
    const { config } = parseRepoConfig({ budgets: { run: 20000 } });
    expect(
      resolveRunSettings(
        config,
        OPERATOR,
        mission({ budgets: { context: 30000 } }),
      ).budgets,
    ).toMatchObject({ context: 20000, run: 20000 });
  });

  it("holds a mission's run budget, and the context spent from it, under the operator's ceiling", () => {
    const { config } = parseRepoConfig({}, { maxRunTokens: 40000 });
    expect(
      resolveRunSettings(
        config,
        { ...OPERATOR, maxRunTokens: 40000 },
        mission({ budgets: { run: 500000, context: 60000 } }),
      ).budgets,
    ).toMatchObject({ run: 40000, context: 40000 });
  });
});
