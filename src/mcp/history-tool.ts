import { z } from "zod";
import type { GET_LINE_HISTORY } from "../tools/get-line-history.js";
import {
  lineHistoryText,
  type LineHistoryPayload,
} from "../tools/line-history-text.js";
import { callCodeTool } from "./call-code-tool.js";
import type { CheckoutSession } from "./checkout-session.js";
import { defineMcpTool, mcpResult, type McpTool } from "./mcp-tool.js";

// The App's tool by its name, checked against the tool's own: importing
// the tool's module for it would load secretlint before \`initialize\`.
const LINE_HISTORY_TOOL = "get_line_history" satisfies typeof GET_LINE_HISTORY;

const inputSchema = z.object({
  path: z
    .string()
    .describe('The file, relative to the repository root, e.g. "src/app.py".'),
  start_line: z.number().int().min(1).describe("First line, 1-based."),
  end_line: z
    .number()
    .int()
    .min(1)
    .describe("Last line, inclusive (at most 200 lines are read)."),
});

/**
 * `history`: the commits that last changed lines of a file in the checkout
 * (`get_line_history`, the App's tool, through `git blame`), one line per
 * change, with the pull request GitHub's merge or squash subject names.
 *
 * @example
 * await historyTool(session).run({ path: "src/upload.ts", start_line: 2, end_line: 3 })
 * // { content: [{ type: "text", text: "src/upload.ts:2-3 803ba9b 2025-01-01 Retry uploads twice (pull request #12: Retry failed uploads)" }] }
 */
export function historyTool(session: CheckoutSession): McpTool {
  return defineMcpTool({
    name: "history",
    description:
      "Show which commits last changed lines of a file (git blame), each with its date, first line and the pull request that merged it. " +
      "Use it when asked why, when or in which change code became what it is. " +
      "What the history cannot say (a shallow clone, a moved file, uncommitted lines) is said after.",
    inputSchema,
    async run(args) {
      const output = await callCodeTool(session, LINE_HISTORY_TOOL, args);
      if (!output.ok) return mcpResult(output.text, false);
      const history = JSON.parse(output.text) as LineHistoryPayload;
      return mcpResult(lineHistoryText(history).join("\n"));
    },
  });
}
