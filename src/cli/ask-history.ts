import type { CodeReader } from "../code-host/code-host.js";
import { BUDGET_LIMITS } from "../config/budget-limits.js";
import { MAX_HISTORY_PLACES } from "../run/history-of-places.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { createCodeTools } from "../tools/create-code-tools.js";
import { GET_LINE_HISTORY } from "../tools/get-line-history.js";
import { invokeTool } from "../tools/invoke-tool.js";
import type { LineHistoryPayload } from "../tools/line-history-text.js";
import type { AnswerPlace } from "./ask-result.js";

// A result as long as the App's model gets from the same tool by default.
const RESULT_TOKENS = BUDGET_LIMITS.tool_result.default;

/**
 * The history of the first places of `askcode ask`'s answer, for a question
 * that asks why, when or who: `get_line_history`, the App's tool, on each
 * (`git blame` in the checkout, its path policy and redaction), so the
 * terminal, `--json` and `askcode mcp` read what the model would. A place
 * whose history the tool refuses is left out.
 *
 * @example
 * await askHistory(reader, result.places, tokenCounter)
 * // [{ path: "src/upload.ts", lines: "1-9", changes: [{ lines: "2-3", commit: "803ba9b", … }], notes: [] }]
 */
export async function askHistory(
  reader: CodeReader,
  places: readonly AnswerPlace[],
  tokenCounter: TokenCounter,
): Promise<LineHistoryPayload[]> {
  const [tool] = createCodeTools({
    reader,
    tokenCounter,
    toolResultBudget: RESULT_TOKENS,
    allowed: [GET_LINE_HISTORY],
  });
  if (!tool) return [];
  const outputs = await Promise.all(
    places.slice(0, MAX_HISTORY_PLACES).map((place) =>
      invokeTool(
        tool,
        {
          path: place.path,
          start_line: place.startLine,
          end_line: place.endLine,
        },
        { maxTokens: RESULT_TOKENS },
        tokenCounter,
      ),
    ),
  );
  return outputs
    .filter((output) => output.ok)
    .map((output) => JSON.parse(output.text) as LineHistoryPayload);
}
