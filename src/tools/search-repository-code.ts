import { z } from "zod";
import type { CodeSearchHit } from "../code-host/code-host.js";
import { InvalidPathError } from "../shared/errors.js";
import { stripInvisible } from "../text/strip-invisible.js";
import { resultBudget, type CodeToolDeps } from "./code-tool-deps.js";
import { numberLines } from "./number-lines.js";
import { searchPathFilter } from "./search-path-filter.js";
import {
  defineTool,
  type AgentTool,
  type SeenRange,
  type ToolOutput,
} from "./tool.js";
import {
  budgetTooSmall,
  errorResult,
  jsonResult,
  largestFitting,
  measureJson,
} from "./tool-result.js";

export const SEARCH_REPOSITORY_CODE = "search_repository_code";

/** Longer matched or context lines (minified code) are cut to this many characters. */
const MAX_LINE_CHARS = 300;

/** The tool's arguments (also the MCP server's, less `ref`). */
export const searchRepositoryCodeInput = z.object({
  query: z
    .string()
    .min(1)
    .describe(
      "What to look for: an identifier, a phrase or an error message. Matched in file contents; when nothing matches as written, file paths and the separate words are tried.",
    ),
  path: z
    .string()
    .optional()
    .describe(
      'Only search under this directory or in files matching this pattern, e.g. "src/" or "src/**/*.ts".',
    ),
  language: z
    .string()
    .optional()
    .describe(
      'Only search files of this language, e.g. "python" or "typescript".',
    ),
  max_results: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe("At most this many results, best first. Default 20, at most 50."),
});

type Args = z.output<typeof searchRepositoryCodeInput>;

/**
 * `search_repository_code` (no `repository` or `token` parameter; see
 * docs/architecture/retrieval.md, 'The model's tools'):
 * searches the run's commit through the code host (GitHub code search with its
 * fallbacks, or a scan of a snapshot), drops hits in hidden files, and fits the
 * rest into the result budget, best first.
 *
 * @example
 * await invokeTool(createSearchRepositoryCodeTool(deps), { query: "retryAfter", path: "src/" }, { maxTokens: 4000 }, tokenCounter);
 * // text: '{"query":"retryAfter","mode":"pattern","total_count":3,"returned":3,"results":[{"path":"src/retry.ts","line_number":42,…}],"tokens":388}'
 */
export function createSearchRepositoryCodeTool(deps: CodeToolDeps): AgentTool {
  return defineTool({
    name: SEARCH_REPOSITORY_CODE,
    description:
      "Search the repository's code at this run's commit for an identifier, phrase or error message. Returns JSON: the results best first, each with path, line_number, matched_line, " +
      "and context (a few lines around the match, each starting with its line number and a tab), plus total_count and the search mode used. " +
      "Use it to find where something is defined or used, then read the interesting lines with read_file_contents. If truncated is true, note says how to see more.",
    inputSchema: searchRepositoryCodeInput,
    execute: (args, ctx) =>
      searchRepositoryCode(args, deps, resultBudget(deps, ctx)),
  });
}

async function searchRepositoryCode(
  args: Args,
  deps: CodeToolDeps,
  budget: number,
): Promise<ToolOutput> {
  const { tokenCounter } = deps;
  const pathFilter = searchPathFilter(args.path);
  let result;
  try {
    result = await deps.reader.searchCode({
      query: args.query,
      ...pathFilter.filters,
      ...(args.language ? { language: args.language } : {}),
      maxResults: args.max_results ?? 20,
    });
  } catch (error) {
    if (!(error instanceof InvalidPathError)) throw error;
    return errorResult(
      `${error.message} Give path as a directory relative to the repository root, like "src/", or leave it out.`,
      tokenCounter,
    );
  }
  const hits = result.hits.filter((hit) => !deps.policy.hidden(hit.path));
  const notes = [
    ...(pathFilter.note ? [pathFilter.note] : []),
    ...result.notes,
  ];
  const hiddenCount = result.hits.length - hits.length;
  if (hiddenCount > 0)
    notes.push(
      `${hiddenCount} result${hiddenCount === 1 ? " is" : "s are"} in secret-looking or excluded files and not shown.`,
    );
  if (hits.length === 0)
    notes.push(
      "No matches. Try an identifier or a shorter phrase, drop the filters, or look around with list_directory_contents.",
    );
  else if (result.totalCount > result.hits.length && result.notes.length === 0)
    notes.push(
      `${result.totalCount} matches in all; these are the best ${result.hits.length}. Narrow the search with path or language to see others.`,
    );

  const payload = (k: number, compact: boolean) => ({
    query: result.query,
    mode: result.mode,
    total_count: result.totalCount,
    returned: k,
    results: hits.slice(0, k).map((hit) => formatHit(hit, compact)),
    ...(result.incomplete ? { incomplete: true } : {}),
    ...(notes.length > 0 ? { notes } : {}),
  });
  const noteFor = (k: number, compact: boolean): string | undefined =>
    k < hits.length
      ? `Showing ${k} of ${hits.length} results to fit the ${budget}-token result budget${compact ? ", without context lines" : ""}. ` +
        "Narrow the search with path or language, or read a result's lines with read_file_contents."
      : compact
        ? `Context lines are left out to fit the ${budget}-token result budget; read a result's lines with read_file_contents.`
        : undefined;
  const fitsAt = (k: number, compact: boolean): boolean => {
    const note = noteFor(k, compact);
    return (
      measureJson(payload(k, compact), {
        tokenCounter,
        maxTokens: budget,
        truncated: note !== undefined,
        note,
      }) <= budget
    );
  };
  const fit = (compact: boolean) =>
    largestFitting(hits.length, (k) => fitsAt(k, compact));
  const full = fit(false);
  if (full === 0 && !fitsAt(0, false))
    return budgetTooSmall("any search results", budget, tokenCounter);
  const compact = full < hits.length && fit(true) > full;
  const k = compact ? fit(true) : full;
  const note = noteFor(k, compact);
  return jsonResult(payload(k, compact), {
    tokenCounter,
    seen: hits.slice(0, k).flatMap((hit) => seenBy(hit, compact)),
    named: hits
      .slice(0, k)
      .filter((hit) => hit.line === 0)
      .map((hit) => hit.path),
    truncated: note !== undefined,
    ...(note ? { note } : {}),
  });
}

function formatHit(hit: CodeSearchHit, compact: boolean) {
  if (hit.line === 0) return { path: hit.path, match: "file path" };
  return {
    path: hit.path,
    line_number: hit.line,
    matched_line: cut(hit.matchedLine),
    ...(compact || hit.context.lines.length === 0
      ? {}
      : {
          context: numberLines(
            hit.context.lines.map(cut),
            hit.context.startLine,
          ),
        }),
    score: Math.round(hit.score * 100) / 100,
  };
}

function seenBy(hit: CodeSearchHit, compact: boolean): SeenRange[] {
  if (hit.line === 0) return [];
  if (compact || hit.context.lines.length === 0)
    return [{ path: hit.path, startLine: hit.line, endLine: hit.line }];
  const { startLine, lines } = hit.context;
  return [{ path: hit.path, startLine, endLine: startLine + lines.length - 1 }];
}

// A line of a file as the model reads it: without the characters a reader of
// the file cannot see, and cut when it is long.
function cut(raw: string): string {
  const line = stripInvisible(raw);
  return line.length > MAX_LINE_CHARS
    ? `${line.slice(0, MAX_LINE_CHARS)}…`
    : line;
}
