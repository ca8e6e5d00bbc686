import { BUDGET_LIMITS } from "../config/budget-limits.js";
import type { CodeToolName } from "../tools/create-code-tools.js";
import { invokeTool } from "../tools/invoke-tool.js";
import { errorResult } from "../tools/tool-result.js";
import type { GET_LINE_HISTORY } from "../tools/get-line-history.js";
import type { ToolOutput } from "../tools/tool.js";
import type { CheckoutSession } from "./checkout-session.js";

// A result as long as the App's model gets from the same tool by default.
const RESULT_TOKENS = BUDGET_LIMITS.tool_result.default;

/**
 * Calls one of the App's code tools (`createCodeTools`) on the checkout as
 * it is now, through the redacting reader: the same path policy (no
 * traversal, no secret-named file, the `exclude_paths` of the checkout's
 * `.github/askcode.yml`, read as the App reads it: a broken file excludes
 * nothing), the same fitting to a result budget and the same error
 * sentences as the model gets in a run.
 *
 * The tools and the settings' reader are loaded at the first call, not
 * with the server: they bring the YAML parser and secretlint (about 150
 * modules), which `initialize` and `tools/list` do not need.
 *
 * @example
 * await callCodeTool(session, "read_file_contents", { path: "src/app.py", start_line: 10 })
 * // { ok: true, text: '{"path":"src/app.py","start_line":10,…}', … }
 */
export function callCodeTool(
  session: CheckoutSession,
  name: CodeToolName | typeof GET_LINE_HISTORY,
  args: Record<string, unknown>,
): Promise<ToolOutput> {
  return session.withCheckout(async (view) => {
    const { tokenCounter } = view;
    const [{ readRepoConfigFile }, { createCodeTools }] = await Promise.all([
      import("../config/read-repo-config-file.js"),
      import("../tools/create-code-tools.js"),
    ]);
    const { config } = await readRepoConfigFile(view.redacting);
    // A reader that keeps no history is offered no history tool: say so.
    const [tool] = createCodeTools({
      reader: view.redacting,
      excludePaths: config.exclude_paths,
      ref: view.resolved.ref,
      tokenCounter,
      toolResultBudget: RESULT_TOKENS,
      allowed: [name],
    });
    if (!tool)
      return errorResult(
        `${name} reads nothing here: this checkout keeps no history.`,
        tokenCounter,
      );
    return invokeTool(tool, args, { maxTokens: RESULT_TOKENS }, tokenCounter);
  });
}
