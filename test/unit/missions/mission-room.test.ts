import { readFile } from "node:fs/promises";
import type { ChatModel, ChatRequest } from "../../../src/agent/chat-model.js";
import { countPromptTokens } from "../../../src/agent/count-request-tokens.js";
import { runAgent } from "../../../src/agent/run-agent.js";
import {
  runShapeOf,
  tokensForSteps,
} from "../../../src/config/tokens-for-steps.js";
import { parseRepoConfig } from "../../../src/config/parse-repo-config.js";
import { parseMissionFile } from "../../../src/missions/parse-mission-file.js";
import {
  resolveRunSettings,
  type RunSettings,
} from "../../../src/missions/resolve-run-settings.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { setupTools, tokenCounter } from "../tools/code-tools-fixture.js";

const OPERATOR = { model: "gpt-4o", contextWindow: 1_000_000 };

/**
 * A model that always wants to read more: offered tools, it reads the
 * 500-line file whole (a full-size result once cut), with a one-word reply;
 * asked to answer, it answers. It reports usage as a server does.
 */
function tirelessReader(): ChatModel {
  let n = 0;
  return {
    name: "tireless",
    async complete(request: ChatRequest) {
      const content = request.tools ? "Reading." : "The answer.";
      const toolCalls = request.tools
        ? [
            {
              id: `call_${n++}`,
              name: "read_file_contents",
              arguments: JSON.stringify({ path: "src/long.ts" }),
            },
          ]
        : [];
      return {
        message: { content, toolCalls },
        usage: {
          promptTokens: countPromptTokens(
            request.messages,
            request.tools ?? [],
            tokenCounter,
          ),
          completionTokens: tokenCounter.count(content) + 20,
        },
      };
    },
  };
}

async function run(settings: RunSettings) {
  return runAgent({
    model: tirelessReader(),
    tools: setupTools({ toolResultBudget: settings.budgets.tool_result }).tools,
    systemPrompt: "You are askcode.",
    firstMessage: "Question: how is every value computed?",
    budgets: {
      maxSteps: settings.maxSteps,
      runTokens: settings.budgets.run,
      toolResultTokens: settings.budgets.tool_result,
    },
    tokenCounter,
    clock: createFakeClock(),
    log: { info: () => undefined, warn: () => undefined },
  });
}

// Every step max_steps allows is taken, each read as large as allowed (the
// arithmetic's worst case), within the sum the config check promises.
async function expectEveryStepTaken(settings: RunSettings): Promise<void> {
  const result = await run(settings);
  expect(result.stop).toBe("max_steps");
  expect(result.steps).toBe(settings.maxSteps);
  for (const call of result.toolCalls)
    expect(call.tokens).toBeGreaterThan(0.95 * settings.budgets.tool_result);
  expect(result.tokensUsed).toBeLessThanOrEqual(
    tokensForSteps(runShapeOf(settings.budgets), settings.maxSteps),
  );
}

async function shipped(name: string) {
  const file = `missions/${name}.yaml`;
  const root = new URL("../../../", import.meta.url);
  return parseMissionFile(await readFile(new URL(file, root), "utf8"), file);
}

describe("the room a run gets", () => {
  it("takes the repository default's 8 steps, spending no more than the arithmetic says", async () => {
    const { config, problems } = parseRepoConfig(undefined);
    expect(problems).toStrictEqual([]);
    const settings = resolveRunSettings(config, OPERATOR);
    expect(settings.maxSteps).toBe(8);
    await expectEveryStepTaken(settings);
  });

  it("stopped on tokens after a few steps with the old run default of 64,000", async () => {
    const { config } = parseRepoConfig({ budgets: { run: 64000 } });
    const result = await run(resolveRunSettings(config, OPERATOR));
    expect(result.stop).toBe("token_budget");
    expect(result.steps).toBeLessThan(8);
  });

  it.each(["code_exploration", "bug_triage"])(
    "lets the shipped mission %s raise steps and budgets above the repository's, and take every step",
    async (name) => {
      const mission = await shipped(name);
      const { config } = parseRepoConfig(undefined);
      const settings = resolveRunSettings(config, OPERATOR, mission);
      expect(settings.maxSteps).toBe(10);
      expect(settings.maxSteps).toBeGreaterThan(config.max_steps);
      expect(settings.budgets.run).toBeGreaterThan(config.budgets.run);
      expect(settings.budgets.tool_result).toBe(6000);
      await expectEveryStepTaken(settings);
    },
  );

  it("holds a mission's raised run budget to the operator's ceiling", async () => {
    const mission = await shipped("code_exploration");
    const { config } = parseRepoConfig(undefined, { maxRunTokens: 150_000 });
    const settings = resolveRunSettings(
      config,
      { ...OPERATOR, maxRunTokens: 150_000 },
      mission,
    );
    expect(settings.budgets.run).toBe(150_000);
    const result = await run(settings);
    expect(result.stop).toBe("token_budget");
    expect(result.tokensUsed).toBeLessThanOrEqual(150_000);
  });
});
