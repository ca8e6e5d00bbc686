import { z } from "zod";
import {
  squashedNote,
  type LineHistoryRange,
} from "../code-host/line-history.js";
import { redactSecrets } from "../policy/redact-secrets.js";
import {
  commitLink,
  permalink,
  pullRequestLink,
  type RepositoryAtSha,
} from "../shared/permalink.js";
import {
  checkPathArguments,
  resultBudget,
  type CodeToolDeps,
} from "./code-tool-deps.js";
import { defineTool, type AgentTool, type ToolOutput } from "./tool.js";
import {
  budgetTooSmall,
  errorResult,
  jsonResult,
  largestFitting,
  measureJson,
} from "./tool-result.js";

export const GET_LINE_HISTORY = "get_line_history";

const inputSchema = z.object({
  path: z
    .string()
    .describe(
      'The file, relative to the repository root, e.g. "src/upload.ts".',
    ),
  start_line: z
    .number()
    .int()
    .min(1)
    .describe("First line whose history you want, 1-based."),
  end_line: z
    .number()
    .int()
    .min(1)
    .describe(
      "Last line, inclusive (at most 200 lines after start_line are read).",
    ),
});

export interface LineHistoryToolDeps extends CodeToolDeps {
  /**
   * The repository on the web at the run's commit: the links the result
   * gives. None (a local checkout): the result has no links.
   */
  web?: RepositoryAtSha;
}

/**
 * `get_line_history`, offered when the run's host keeps history
 * (`CodeReader.lineHistory`): the commits that last changed a file's
 * lines at the run's commit, each with its headline, day and pull request,
 * linked (the lines' permalink at the commit, the commit, the pull
 * request), and what the history cannot say in `notes`. Cut to the result
 * budget on whole ranges; commit text is redacted like file text.
 *
 * @example
 * await invokeTool(createLineHistoryTool(deps), { path: "src/upload.ts", start_line: 2, end_line: 7 }, { maxTokens: 4000 }, counter);
 * // text: '{"path":"src/upload.ts","lines":"2-7","changes":[{"lines":"2-3","commit":"803ba9b","headline":"Retry uploads twice",…}],"notes":[],"tokens":…}'
 */
export function createLineHistoryTool(deps: LineHistoryToolDeps): AgentTool {
  return defineTool({
    name: GET_LINE_HISTORY,
    description:
      "Show the history of a file's lines at the commit this run reads (git blame, no names): JSON with changes, each the lines it covers, the commit that last changed them (sha, headline, date, commit_url) and the pull request that brought it (number, title, url) when known, and notes on what the history cannot say (a squashed commit, a moved file, a shallow history, a blame that timed out). " +
      "Use it when the question asks why, when, or in which change the code became what it is. In the answer, name a pull request as #12 and a commit by its short sha (GitHub links both); links other than to the code at this commit are removed.",
    inputSchema,
    execute: (args, ctx) => lineHistory(args, deps, resultBudget(deps, ctx)),
  });
}

async function lineHistory(
  args: z.output<typeof inputSchema>,
  deps: LineHistoryToolDeps,
  budget: number,
): Promise<ToolOutput> {
  const { tokenCounter, reader } = deps;
  const at = checkPathArguments(args, deps);
  if (at.error !== undefined) return errorResult(at.error, tokenCounter);
  if (args.end_line < args.start_line)
    return errorResult(
      `end_line (${args.end_line}) is before start_line (${args.start_line}); give the first and the last line of the range.`,
      tokenCounter,
    );
  if (!reader.lineHistory)
    return errorResult(
      "this repository's history cannot be read here; answer from the code.",
      tokenCounter,
    );
  const history = await reader.lineHistory(
    at.path,
    args.start_line,
    args.end_line,
  );
  const changes = await Promise.all(
    history.ranges.map((range) => change(at.path, range, deps.web)),
  );
  const squashed = squashedNote(history);
  const notes = [...(squashed ? [squashed] : []), ...history.limits];
  const payload = (k: number) => ({
    path: at.path,
    lines: `${history.startLine}-${history.endLine}`,
    changes: changes.slice(0, k),
    notes,
  });
  const noteFor = (k: number) =>
    k < changes.length
      ? `Showing ${k} of ${changes.length} changes to fit the ${budget}-token result budget; ask for fewer lines for the rest.`
      : undefined;
  const fits = (k: number) =>
    measureJson(payload(k), {
      tokenCounter,
      maxTokens: budget,
      truncated: k < changes.length,
      note: noteFor(k),
    }) <= budget;
  const k = largestFitting(changes.length, fits);
  if (k === 0 && !fits(0))
    return budgetTooSmall(`the history of ${at.path}`, budget, tokenCounter);
  return jsonResult(payload(k), {
    tokenCounter,
    seen: [],
    named: [at.path],
    truncated: k < changes.length,
    note: noteFor(k),
  });
}

async function change(
  path: string,
  range: LineHistoryRange,
  web: RepositoryAtSha | undefined,
): Promise<Record<string, unknown>> {
  const { commit } = range;
  const pull = commit.pullRequest;
  const { startLine, endLine } = range;
  return {
    lines: `${startLine}-${endLine}`,
    ...(web && { permalink: permalink({ ...web, path, startLine, endLine }) }),
    commit: commit.sha.slice(0, 7),
    headline: (await redactSecrets(commit.headline)).text,
    date: commit.committedAt.slice(0, 10),
    ...(web && { commit_url: commitLink({ ...web, sha: commit.sha }) }),
    ...(range.previousPath && { moved_from: range.previousPath }),
    ...(pull && {
      pull_request: {
        number: pull.number,
        ...(pull.title && { title: (await redactSecrets(pull.title)).text }),
        ...(pull.merged === false && { merged: false }),
        ...(web && { url: pullRequestLink(web, pull.number) }),
      },
    }),
  };
}
