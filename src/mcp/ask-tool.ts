import { z } from "zod";
import { BUDGET_LIMITS } from "../config/budget-limits.js";
import type { CheckoutSession } from "./checkout-session.js";
import { defineMcpTool, mcpResult, type McpTool } from "./mcp-tool.js";
import { redactShownText } from "./redact-shown-text.js";

const CONTEXT = BUDGET_LIMITS.context;

const inputSchema = z.object({
  question: z
    .string()
    .trim()
    .min(1)
    .describe(
      "The question, in words or with names: a bug report, an error message, 'where is the retry decided?', 'how does login set the session cookie?'.",
    ),
  budget: z
    .number()
    .int()
    .min(CONTEXT.min)
    .max(CONTEXT.max)
    .optional()
    .describe(
      `Tokens of code the packed context may hold (default ${CONTEXT.default}, as askcode ask).`,
    ),
});

/**
 * `ask`: a question about the checkout answered from retrieval, as
 * `askcode ask` answers it (`CheckoutSession.ask`): the ranked places with
 * why and an excerpt, the files the map names besides, the packing report,
 * then the packed context itself. Every line shown is redacted
 * (`redactShownText`).
 *
 * @example
 * await askTool(session).run({ question: "where are the session cookies signed?" })
 * // { content: [{ type: "text", text: "askcode · local:/home/ada/flask @ main (…)\n…\n1. src/flask/sessions.py:298-340 …" }] }
 */
export function askTool(session: CheckoutSession): McpTool {
  return defineMcpTool({
    name: "ask",
    description:
      "Ask where something is in this repository, in words: a bug report, an error message, a feature, 'where is X decided?'. " +
      "Use it first, before search or read, when you do not know which files matter: it ranks every part of the code (BM25 over syntax-tree chunks, names, paths and imports) and returns " +
      "the best places as path:start-end with why each ranked and its first lines, the files the map names besides (path:line and their signature), " +
      "and the packed context: the best code itself, whole or cut to its structure, within budget tokens. Then open places with read.",
    inputSchema,
    run: (args) =>
      session.withCheckout(async (view) => {
        const { text, shown, readers } = await session.ask(
          view,
          args.question,
          args.budget ?? CONTEXT.default,
        );
        return mcpResult(await redactShownText(text, shown, readers));
      }),
  });
}
