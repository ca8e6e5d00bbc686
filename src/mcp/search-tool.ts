import {
  SEARCH_REPOSITORY_CODE,
  searchRepositoryCodeInput,
} from "../tools/search-repository-code.js";
import { callCodeTool } from "./call-code-tool.js";
import { defineMcpTool, mcpResult, type McpTool } from "./mcp-tool.js";
import type { CheckoutSession } from "./checkout-session.js";

const inputSchema = searchRepositoryCodeInput;

/** The shared tool's JSON, as far as this tool reads it. */
interface SearchPayload {
  query: string;
  mode: string;
  total_count: number;
  returned: number;
  results: Array<{
    path: string;
    line_number?: number;
    matched_line?: string;
    context?: string;
  }>;
  notes?: string[];
  note?: string;
}

/**
 * `search`: an identifier, a phrase or words over the checkout
 * (`search_repository_code`, the App's tool, through the redacting reader:
 * secret-named and filtered files are never searched or shown).
 *
 * @example
 * await searchTool(session).run({ query: "make_response" })
 * // { content: [{ type: "text", text: "5 matches for \"make_response\" (pattern), best first:\nsrc/flask/app.py:1201: def make_response(self, rv):\n…" }] }
 */
export function searchTool(session: CheckoutSession): McpTool {
  return defineMcpTool({
    name: "search",
    description:
      "Search this repository's code for an identifier, a phrase or an error message, as grep would, with the separate words and file paths tried when nothing matches as written. " +
      "Use it to find where a name is defined or used, or where a message comes from; for a question in words (how, why, where is X decided) use ask. " +
      "Returns path:line and the matching line with a few lines around it, best first; open a result with read.",
    inputSchema,
    async run(args) {
      const output = await callCodeTool(session, SEARCH_REPOSITORY_CODE, args);
      if (!output.ok) return mcpResult(output.text, false);
      return mcpResult(searchText(JSON.parse(output.text) as SearchPayload));
    },
  });
}

/** A heading, each result as path:line with its context, then the notes. */
function searchText(found: SearchPayload): string {
  const out = [
    `${found.total_count} ${found.total_count === 1 ? "match" : "matches"} for ${JSON.stringify(found.query)} (${found.mode}), ${found.returned} shown, best first:`,
  ];
  for (const hit of found.results) {
    if (hit.line_number === undefined) {
      out.push(`${hit.path} (its path matched)`);
      continue;
    }
    out.push(`${hit.path}:${hit.line_number}: ${hit.matched_line ?? ""}`);
    if (hit.context) out.push(hit.context, "");
  }
  out.push(...(found.notes ?? []), ...(found.note ? [found.note] : []));
  return out.join("\n").trimEnd();
}
