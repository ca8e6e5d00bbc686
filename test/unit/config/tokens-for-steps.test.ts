import { readFile } from "node:fs/promises";
import { resolveBudgets } from "../../../src/agent/budgets.js";
import { countPromptTokens } from "../../../src/agent/count-request-tokens.js";
import { firstStopReached } from "../../../src/agent/stop-conditions.js";
import { buildSystemPrompt } from "../../../src/agent/system-prompt.js";
import {
  PROMPT_ALLOWANCE,
  runShapeOf,
  stepsThatFit,
  tokensForSteps,
  type RunShape,
} from "../../../src/config/tokens-for-steps.js";
import { toToolDefinition } from "../../../src/agent/tool-definitions.js";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { parseMissionFile } from "../../../src/missions/parse-mission-file.js";
import { setupTools, SHA, tokenCounter } from "../tools/code-tools-fixture.js";

const DEFAULTS = runShapeOf({ context: 12_000, tool_result: 4_000 });

/**
 * The run the budget reckons with, replayed request by request: each step
 * sends the whole conversation and gets a tool call back, which adds the
 * call and a full-size result; the last request asks for the answer.
 */
function replay(shape: RunShape, steps: number): number {
  let spent = 0;
  let prompt = shape.promptTokens;
  for (let step = 0; step < steps; step++) {
    spent += prompt + 256; // the request, and its tool-call reply
    prompt += 256 + shape.toolResultTokens; // both join the conversation
  }
  return spent + prompt + 100 + shape.answerTokens; // "answer now", and the answer
}

describe("tokensForSteps", () => {
  it.each([0, 1, 2, 3, 8, 20])(
    "is the sum of every request of a run of %i full-size steps",
    (steps) => {
      expect(tokensForSteps(DEFAULTS, steps)).toBe(replay(DEFAULTS, steps));
      const other = {
        promptTokens: 3_000,
        toolResultTokens: 700,
        answerTokens: 500,
      };
      expect(tokensForSteps(other, steps)).toBe(replay(other, steps));
    },
  );

  it("grows with the square of the steps: each request resends the conversation", () => {
    const flat = { ...DEFAULTS, promptTokens: 0, answerTokens: 0 };
    // Linear growth would double; the results' share grows as n(n + 1)/2.
    expect(tokensForSteps(flat, 16)).toBeGreaterThan(
      3.5 * tokensForSteps(flat, 8),
    );
  });
});

describe("stepsThatFit", () => {
  it("allowed 2 full-size steps under the old run default of 64,000, with max_steps 8", () => {
    expect(tokensForSteps(DEFAULTS, 2)).toBe(58_880);
    expect(tokensForSteps(DEFAULTS, 3)).toBe(86_404);
    expect(stepsThatFit(DEFAULTS, 64_000)).toBe(2);
  });

  it("fits the repository's default max_steps in its default run budget, and not one step more", () => {
    const { budgets, max_steps } = defaultRepoConfig();
    expect(max_steps).toBe(8);
    expect(budgets.run).toBe(300_000);
    expect(stepsThatFit(runShapeOf(budgets), budgets.run)).toBe(max_steps);
    expect(tokensForSteps(runShapeOf(budgets), 8)).toBe(287_864);
  });

  it("is 0 when even the answer alone does not fit", () => {
    expect(stepsThatFit(DEFAULTS, 10_000)).toBe(0);
  });

  it("stops counting at `most`", () => {
    expect(stepsThatFit(DEFAULTS, 10_000_000, 50)).toBe(50);
  });

  it.each([64_000, 120_000, 300_000, 1_000_000])(
    "counts the steps the loop's stop condition lets a run of %i tokens take",
    (runTokens) => {
      // The loop, driven by its own stop condition, with every request
      // costing exactly what the shape says.
      const budgets = resolveBudgets({
        maxSteps: 50,
        runTokens,
        toolResultTokens: DEFAULTS.toolResultTokens,
        answerTokens: DEFAULTS.answerTokens,
      });
      const state = {
        steps: 0,
        tokensUsed: 0,
        promptTokens: DEFAULTS.promptTokens,
        elapsedMs: 0,
      };
      while (firstStopReached(state, budgets) === undefined) {
        state.steps++;
        state.tokensUsed += state.promptTokens + 256;
        state.promptTokens += 256 + DEFAULTS.toolResultTokens;
      }
      expect(state.steps).toBe(stepsThatFit(DEFAULTS, runTokens, 50));
    },
  );
});

describe("PROMPT_ALLOWANCE", () => {
  const { tools } = setupTools();
  const definitions = tools.map(toToolDefinition);
  const promptOf = (mission?: {
    name: string;
    instructions: string;
    output: string;
  }) =>
    countPromptTokens(
      [
        {
          role: "system",
          content: buildSystemPrompt({
            repository: "octo/app",
            sha: SHA,
            ref: "main",
            tools: tools.map((tool) => tool.name),
            ...(mission && {
              mission: {
                name: mission.name,
                instructions: mission.instructions,
                outputTemplate: mission.output,
              },
            }),
          }),
        },
      ],
      definitions,
      tokenCounter,
    );

  it("holds the system prompt and tool schemas of a question", () => {
    expect(promptOf()).toBeLessThanOrEqual(PROMPT_ALLOWANCE);
  });

  it.each(["missions/code_exploration.yaml", "missions/bug_triage.yaml"])(
    "holds them for the shipped mission %s",
    async (file) => {
      const root = new URL("../../../", import.meta.url);
      const mission = parseMissionFile(
        await readFile(new URL(file, root), "utf8"),
        file,
      );
      expect(promptOf(mission)).toBeLessThanOrEqual(PROMPT_ALLOWANCE);
    },
  );
});

describe("the numbers the docs state", () => {
  const root = new URL("../../../", import.meta.url);
  const read = (path: string) => readFile(new URL(path, root), "utf8");
  const { budgets, max_steps } = defaultRepoConfig();
  const forDefaults = tokensForSteps(runShapeOf(budgets), max_steps);

  it("are the sum for the defaults, in the README, the JSON Schema and the agent loop's page", async () => {
    const figure = forDefaults.toLocaleString("en-US"); // "287,864"
    const readme = await read("README.md");
    expect(readme).toContain(`= **${figure}**`);
    expect(readme).toMatch(new RegExp(`^  run: ${budgets.run} `, "m"));
    const schema = JSON.parse(await read("docs/askcode.schema.json")) as {
      properties: {
        budgets: {
          properties: { run: { description: string; default: number } };
        };
      };
    };
    expect(schema.properties.budgets.properties.run.default).toBe(budgets.run);
    expect(schema.properties.budgets.properties.run.description).toContain(
      figure,
    );
    expect(await read("docs/architecture/agent-loop.md")).toContain(
      `(${figure} from a 12,000-token first message)`,
    );
  });

  it("are the sum for the shipped missions, where their run budgets are set", async () => {
    for (const [file, context, steps] of [
      ["missions/code_exploration.yaml", 12_000, 10],
      ["missions/bug_triage.yaml", 16_000, 10],
    ] as const) {
      const figure = tokensForSteps(
        runShapeOf({ context, tool_result: 6_000 }),
        steps,
      ).toLocaleString("en-US");
      expect(await read(file)).toContain(`then the answer: ${figure} tokens`);
    }
  });
});
