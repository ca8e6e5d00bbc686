import { z } from "zod";
import {
  checkPathArguments,
  resultBudget,
  type CodeToolDeps,
} from "./code-tool-deps.js";
import { fitTextFile } from "./fit-text-file.js";
import { defineTool, type AgentTool, type ToolOutput } from "./tool.js";
import { errorResult, jsonResult } from "./tool-result.js";

export const READ_FILE_CONTENTS = "read_file_contents";

/** The tool's arguments (also the MCP server's, less `ref`). */
export const readFileContentsInput = z.object({
  path: z
    .string()
    .describe(
      'File path relative to the repository root, e.g. "src/index.ts".',
    ),
  ref: z
    .string()
    .optional()
    .describe(
      "Leave this out: the run reads one commit. Accepted only when it names that commit (its SHA or the branch it came from).",
    ),
  start_line: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("First line to return, 1-based. Default 1."),
  end_line: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      "Last line to return, inclusive. Default: the end of the file, as far as the result budget allows.",
    ),
});

type Args = z.output<typeof readFileContentsInput>;

/**
 * `read_file_contents` (no `repository` or `token` parameter, plus a line
 * range; see docs/architecture/retrieval.md, 'The model's tools'): reads one file at the run's commit, cut to the result budget with a
 * note that names the next lines to read.
 *
 * @example
 * const tool = createReadFileContentsTool(deps);
 * await invokeTool(tool, { path: "src/retry.ts", start_line: 40, end_line: 80 }, { maxTokens: 4000 }, tokenCounter);
 * // text: '{"path":"src/retry.ts","start_line":40,"end_line":80,"total_lines":212,"content":"40\\texport function retry(…","tokens":611}'
 */
export function createReadFileContentsTool(deps: CodeToolDeps): AgentTool {
  return defineTool({
    name: READ_FILE_CONTENTS,
    description:
      "Read a file of the repository at this run's commit, whole or a line range. Returns JSON with path, start_line, end_line, total_lines and content, " +
      "where every line of content starts with its line number and a tab (the number is not part of the file): cite lines as path#Lstart-Lend with those numbers. " +
      "A long file is cut to fit the result budget: then truncated is true and note says which lines to read next. " +
      "Binary files, symlinks and submodules give metadata only. For a directory use list_directory_contents; to find where something is, use search_repository_code first.",
    inputSchema: readFileContentsInput,
    execute: (args, ctx) =>
      readFileContents(args, deps, resultBudget(deps, ctx)),
  });
}

async function readFileContents(
  args: Args,
  deps: CodeToolDeps,
  budget: number,
): Promise<ToolOutput> {
  const { tokenCounter } = deps;
  const at = checkPathArguments(args, deps);
  if (at.error !== undefined) return errorResult(at.error, tokenCounter);

  const file = await deps.reader.readFile(at.path, {
    ...(args.start_line !== undefined ? { startLine: args.start_line } : {}),
    ...(args.end_line !== undefined ? { endLine: args.end_line } : {}),
  });
  const result = { tokenCounter, seen: [] };
  switch (file.kind) {
    case "text":
      return fitTextFile(file, {
        lastWanted: args.end_line,
        tokenCounter,
        budget,
      });
    case "directory":
      return errorResult(
        `${file.path === "" ? "The repository root" : file.path} is a directory; use list_directory_contents with path "${file.path}" to see what it holds.`,
        tokenCounter,
      );
    case "missing":
      return errorResult(
        `${file.note} Find the right path with search_repository_code or list_directory_contents.`,
        tokenCounter,
      );
    case "binary":
      return jsonResult(
        { path: file.path, kind: "binary", size: file.size },
        { ...result, note: file.note },
      );
    case "symlink":
      return jsonResult(
        { path: file.path, kind: "symlink", target: file.target },
        { ...result, note: file.note },
      );
    case "submodule":
      return jsonResult(
        {
          path: file.path,
          kind: "submodule",
          commit: file.commit,
          ...(file.url ? { url: file.url } : {}),
        },
        { ...result, note: file.note },
      );
  }
}
