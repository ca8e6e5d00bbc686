import { z } from "zod";
import { mapLines } from "../retrieval/pack/pack-map.js";
import type { RankedChunk } from "../retrieval/rank/rank-chunks.js";
import { toRepoPath } from "../tools/code-tool-deps.js";
import { defineMcpTool, mcpResult, type McpTool } from "./mcp-tool.js";
import type { CheckoutSession } from "./checkout-session.js";
import { redactShownText } from "./redact-shown-text.js";

const DEFAULT_TOKENS = 2000;
// Kinds that say less of a file than its functions, classes and types.
const SECONDARY = new Set(["variable", "block"]);
const MAX_TOKENS = 50_000;

const inputSchema = z.object({
  path: z
    .string()
    .optional()
    .describe(
      'Only the files under this directory (or this one file), e.g. "src/" or "src/flask/app.py". Default: the whole repository.',
    ),
  budget: z
    .number()
    .int()
    .min(100)
    .max(MAX_TOKENS)
    .optional()
    .describe(
      `Tokens the map may use (default ${DEFAULT_TOKENS}); files past it are counted, not listed.`,
    ),
});

/**
 * `map`: the checkout's files, each by the first line of its first
 * declaration, in path order, within a token budget: the map tier of the
 * packed context (`mapLines`) over the whole index rather than a
 * question's ranking. Lines are redacted (`redactShownText`).
 *
 * @example
 * await mapTool(session).run({ path: "src/flask/" })
 * // { content: [{ type: "text", text: "Files under src/flask/ by their first declaration, 24 of 24:\n- src/flask/app.py:109: class Flask(App):\n…" }] }
 */
export function mapTool(session: CheckoutSession): McpTool {
  return defineMcpTool({
    name: "map",
    description:
      "List this repository's files (or a directory's) by their signatures: each file as path:line and the first line of its first declaration (class, function, type), in path order, within budget tokens. " +
      "Use it to see how a repository or a directory is laid out before choosing what to read; for a question use ask, for a name use search. Open a line with read.",
    inputSchema,
    run: (args) =>
      session.withCheckout(async (view) => {
        const under = toRepoPath(args.path ?? "");
        if (under.error !== undefined) return mcpResult(under.error, false);
        const { index, readers } = await session.index(view);
        const inside = (path: string) =>
          under.path === "" ||
          path === under.path ||
          path.startsWith(`${under.path}/`);
        // Every chunk, file by file in path order; in a file, what declares
        // a function, class or type before constants, then in line order:
        // mapLines shows each file by the first of them.
        const ranked: RankedChunk[] = index.chunks
          .filter((chunk) => inside(chunk.path))
          .sort(
            (a, b) =>
              (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
              Number(SECONDARY.has(a.kind)) - Number(SECONDARY.has(b.kind)) ||
              a.startLine - b.startLine,
          )
          .map((chunk) => ({ chunk, score: 0, matchedTerms: [], why: [] }));
        const files = new Set(ranked.map((r) => r.chunk.path)).size;
        const where = under.path === "" ? "" : ` under ${under.path}`;
        if (files === 0)
          return mcpResult(
            `No file askcode indexes is${where || " in the repository"}. Give a directory that holds code, like "src/", or leave path out; search finds a file by name.`,
            false,
          );
        const lines = mapLines(
          ranked,
          new Set(),
          args.budget ?? DEFAULT_TOKENS,
          view.tokenCounter,
        );
        const listed = new Set(lines.map((l) => l.piece.path)).size;
        const more =
          listed < files
            ? `\n${files - listed} more files${where} not listed: give a larger budget, or a directory as path.`
            : "";
        const text = `Files${where} by their first declaration, ${listed} of ${files}:\n${lines.map((l) => l.text).join("\n")}${more}`;
        return mcpResult(
          await redactShownText(
            text,
            lines.map((l) => l.piece.path),
            readers,
          ),
        );
      }),
  });
}
