import type { ChatModel, ChatRequest } from "../../../src/agent/chat-model.js";
import { cutToTokens } from "../../../src/agent/cut-to-tokens.js";
import { countPromptTokens } from "../../../src/agent/count-request-tokens.js";
import { runAgent } from "../../../src/agent/run-agent.js";
import { loadOperatorConfig } from "../../../src/config/operator-config.js";
import { parseRepoConfig } from "../../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { setupTools, tokenCounter } from "../tools/code-tools-fixture.js";

const PATHS = ["src/long.ts", "src/retry.ts", "README.md", "src/util/index.ts"];

/**
 * A model that never wants to stop: offered tools, it reads another file and
 * says why in a reply as long as the request allows; asked to answer, it
 * writes a reply of that length too. It reports usage as a server does: the
 * prompt as sent, the reply as written.
 */
function greedyModel(): ChatModel & { requests: number } {
  const model = {
    name: "greedy",
    requests: 0,
    async complete(request: ChatRequest) {
      const n = model.requests++;
      const words = "because the answer may be further down ".repeat(
        Math.ceil((request.maxTokens ?? 100) / 8),
      );
      const content = cutToTokens(
        words,
        (request.maxTokens ?? 100) - 40,
        tokenCounter,
      ).text;
      const toolCalls = request.tools
        ? [
            {
              id: `call_${n}`,
              name: "read_file_contents",
              arguments: JSON.stringify({ path: PATHS[n % PATHS.length] }),
            },
          ]
        : [];
      const promptTokens = countPromptTokens(
        request.messages,
        request.tools ?? [],
        tokenCounter,
      );
      return {
        message: { content, toolCalls },
        usage: {
          promptTokens,
          completionTokens: tokenCounter.count(content) + 40,
        },
      };
    },
  };
  return model;
}

describe("the operator's run-token ceiling", () => {
  it.each([6_000, 12_000, 40_000])(
    "holds a repository asking for 500,000 tokens to ASKCODE_MAX_RUN_TOKENS=%i, plus at most one reply",
    async (ceiling) => {
      const operator = loadOperatorConfig({
        ASKCODE_MAX_RUN_TOKENS: String(ceiling),
      });
      const { config, problems } = parseRepoConfig(
        { budgets: { run: 500_000, tool_result: 800 }, max_steps: 50 },
        { maxRunTokens: operator.maxRunTokens },
      );
      expect(problems.map((problem) => problem.key)).toContain("budgets.run");
      const settings = resolveRunSettings(config, operator);
      const answerTokens = 1_000;
      const model = greedyModel();
      const result = await runAgent({
        model,
        tools: setupTools({ toolResultBudget: settings.budgets.tool_result })
          .tools,
        systemPrompt: "You are askcode.",
        firstMessage: "Question: where is every value computed?",
        budgets: {
          maxSteps: settings.maxSteps,
          runTokens: settings.budgets.run,
          toolResultTokens: settings.budgets.tool_result,
          answerTokens,
        },
        tokenCounter,
        clock: createFakeClock(),
        log: { info: () => undefined, warn: () => undefined },
      });
      // The token budget, not the steps, ended the greedy run, after it took some.
      expect(result.stop).toBe("token_budget");
      expect(result.steps).toBeGreaterThan(0);
      expect(result.tokensUsed).toBeLessThanOrEqual(ceiling + answerTokens);
    },
  );
});
