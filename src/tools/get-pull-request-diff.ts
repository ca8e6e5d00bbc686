import { z } from "zod";
import { redactSecrets } from "../policy/redact-secrets.js";
import type {
  ChangedFile,
  PullRequestFacts,
} from "../code-host/pull-request-facts.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { resultBudget, toRepoPath } from "./code-tool-deps.js";
import { hiddenPathMessage, type PathPolicy } from "./path-policy.js";
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

export const GET_PULL_REQUEST_DIFF = "get_pull_request_diff";

const inputSchema = z.object({
  path: z
    .string()
    .describe(
      'A file the pull request changes, relative to the repository root, e.g. "src/upload.ts" (the pull request section lists them).',
    ),
});

// "@@ -12,7 +12,9 @@ optional context": the head side's first line and count.
const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/;

export interface PullRequestDiffDeps {
  pullRequest: PullRequestFacts;
  tokenCounter: TokenCounter;
  /** Tokens one result may use at most. */
  toolResultBudget: number;
  /** The run's path policy: a secret-looking or excluded file's diff is never shown. */
  policy: PathPolicy;
}

/**
 * `get_pull_request_diff`, offered only when the question was asked on a
 * pull request: the unified diff of one changed file, as GitHub's file list
 * gives it, with secrets redacted and cut to the result budget on whole
 * lines. The head side of each hunk shown counts as seen, so an answer may
 * cite those lines at the head commit.
 *
 * @example
 * await invokeTool(createPullRequestDiffTool(deps), { path: "src/upload.ts" }, { maxTokens: 4000 }, counter);
 * // text: '{"path":"src/upload.ts","status":"modified","additions":3,"deletions":1,"diff":"@@ -10,6 +10,8 @@ …","tokens":212}'
 */
export function createPullRequestDiffTool(
  deps: PullRequestDiffDeps,
): AgentTool {
  const number = deps.pullRequest.number;
  return defineTool({
    name: GET_PULL_REQUEST_DIFF,
    description:
      `Show the diff pull request #${number} makes to one file: JSON with path, status, additions, deletions and diff (unified hunks; + lines are at the head commit the code is read at). ` +
      "Use it when the question is about what the pull request changes. A long diff is cut to fit: then truncated is true and note says so; read the file itself with read_file_contents for the rest.",
    inputSchema,
    execute: (args, ctx) =>
      pullRequestDiff(args.path, deps, resultBudget(deps, ctx)),
  });
}

async function pullRequestDiff(
  path: string,
  deps: PullRequestDiffDeps,
  budget: number,
): Promise<ToolOutput> {
  const { tokenCounter, pullRequest } = deps;
  const at = toRepoPath(path);
  if (at.error !== undefined) return errorResult(at.error, tokenCounter);
  const hidden = deps.policy.hidden(at.path);
  if (hidden)
    return errorResult(hiddenPathMessage(at.path, hidden), tokenCounter);
  const file = pullRequest.files.find(
    (f) => f.path === at.path || f.previousPath === at.path,
  );
  if (!file) return notChanged(at.path, pullRequest, deps);
  if (file.patch === undefined)
    return errorResult(
      `GitHub shows no diff for ${file.path} (${file.status}, +${file.additions} −${file.deletions}): a binary file or a diff too large to show. Read the file with read_file_contents.`,
      tokenCounter,
    );
  const lines = (await redactSecrets(file.patch)).text.split("\n");
  const payload = (k: number) => ({
    path: file.path,
    ...(file.previousPath ? { previous_path: file.previousPath } : {}),
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    diff: lines.slice(0, k).join("\n"),
  });
  const noteFor = (k: number) =>
    k < lines.length
      ? `Showing the first ${k} of ${lines.length} diff lines to fit the ${budget}-token result budget; read ${file.path} with read_file_contents for the rest.`
      : undefined;
  const fits = (k: number) =>
    measureJson(payload(k), {
      tokenCounter,
      maxTokens: budget,
      truncated: k < lines.length,
      note: noteFor(k),
    }) <= budget;
  const k = largestFitting(lines.length, fits);
  if (k === 0 && !fits(0))
    return budgetTooSmall(`the diff of ${file.path}`, budget, tokenCounter);
  return jsonResult(payload(k), {
    tokenCounter,
    seen: headLinesShown(file.path, lines.slice(0, k)),
    truncated: k < lines.length,
    note: noteFor(k),
  });
}

/** The head-side lines each shown hunk covers (context and added lines), as far as the hunk is shown. */
function headLinesShown(path: string, lines: readonly string[]): SeenRange[] {
  const seen: SeenRange[] = [];
  let next: number | undefined;
  let start: number | undefined;
  const close = () => {
    if (start !== undefined && next !== undefined && next > start)
      seen.push({ path, startLine: start, endLine: next - 1 });
  };
  for (const line of lines) {
    const hunk = HUNK.exec(line);
    if (hunk) {
      close();
      next = Number(hunk[1]);
      start = next;
    } else if (
      next !== undefined &&
      !line.startsWith("-") &&
      !line.startsWith("\\")
    ) {
      next++;
    }
  }
  close();
  return seen;
}

function notChanged(
  path: string,
  pullRequest: PullRequestFacts,
  deps: PullRequestDiffDeps,
): ToolOutput {
  const visible = pullRequest.files.filter(
    (f: ChangedFile) => !deps.policy.hidden(f.path),
  );
  const shown = visible.slice(0, 20).map((f) => f.path);
  // Files beyond those read, or beyond the 20 named, are "…"; hidden ones are not counted.
  const more =
    visible.length > shown.length ||
    pullRequest.changedFiles > pullRequest.files.length;
  return errorResult(
    `pull request #${pullRequest.number} does not change ${path}` +
      (shown.length > 0
        ? `; it changes ${shown.join(", ")}${more ? ", …" : ""}.`
        : ".") +
      " Read any file at the head commit with read_file_contents.",
    deps.tokenCounter,
  );
}
