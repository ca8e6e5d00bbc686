import { z } from "zod";
import type { DirectoryListing } from "../code-host/code-host.js";
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

export const LIST_DIRECTORY_CONTENTS = "list_directory_contents";

const inputSchema = z.object({
  path: z
    .string()
    .optional()
    .describe(
      'Directory path relative to the repository root, e.g. "src/utils". Default: the root.',
    ),
  ref: z
    .string()
    .optional()
    .describe(
      "Leave this out: the run reads one commit. Accepted only when it names that commit (its SHA or the branch it came from).",
    ),
  recursive: z
    .boolean()
    .optional()
    .describe(
      "List everything below the directory, not only its direct entries. Default false.",
    ),
});

type Args = z.output<typeof inputSchema>;
type Entry = DirectoryListing["entries"][number];

/**
 * `list_directory_contents` (no `repository` or `token` parameter; see
 * docs/architecture/retrieval.md, 'The model's tools'): lists
 * a directory of the run's commit, hidden files left out, cut to the result
 * budget with a note on how to see the rest.
 *
 * @example
 * await invokeTool(createListDirectoryContentsTool(deps), { path: "src" }, { maxTokens: 4000 }, tokenCounter);
 * // text: '{"path":"src","entries":[{"path":"src/agent","type":"dir"},{"path":"src/index.ts","type":"file","size":812}],"total":2,"tokens":52}'
 */
export function createListDirectoryContentsTool(deps: CodeToolDeps): AgentTool {
  return defineTool({
    name: LIST_DIRECTORY_CONTENTS,
    description:
      "List a directory of the repository at this run's commit. Returns JSON: entries, each with its full path (use it as is with read_file_contents), type (file, dir, symlink, submodule) and size in bytes, " +
      "and total. Use it to see how the code is organised or to find a file's exact path; set recursive to see everything below a directory. " +
      "A long listing is cut to fit: then truncated is true and note says how to see the rest.",
    inputSchema,
    execute: (args, ctx) =>
      listDirectoryContents(args, deps, resultBudget(deps, ctx)),
  });
}

async function listDirectoryContents(
  args: Args,
  deps: CodeToolDeps,
  budget: number,
): Promise<ToolOutput> {
  const { tokenCounter } = deps;
  const at = checkPathArguments(args, deps, { directory: true });
  if (at.error !== undefined) return errorResult(at.error, tokenCounter);

  const recursive = args.recursive ?? false;
  const listing = await deps.reader.listDirectory(at.path, { recursive });
  if (listing.entries.length === 0 && listing.note)
    return errorResult(listing.note, tokenCounter);

  const entries = listing.entries.filter(
    (entry) => !deps.policy.hidden(entry.path, entry.type === "dir"),
  );
  const hiddenCount = listing.entries.length - entries.length;
  const notes = [
    ...(listing.note ? [listing.note] : []),
    ...(hiddenCount > 0
      ? [
          `${hiddenCount} entr${hiddenCount === 1 ? "y is" : "ies are"} secret-looking or excluded and not shown.`,
        ]
      : []),
  ];
  const payload = (k: number) => ({
    path: at.path === "" ? "/" : at.path,
    entries: entries.slice(0, k).map(formatEntry),
    total: entries.length,
    ...(notes.length > 0 ? { notes } : {}),
  });
  const noteFor = (k: number): string | undefined => {
    if (k >= entries.length) return undefined;
    const example = entries.find((entry) => entry.type === "dir")?.path;
    const narrower = example ? ` (for example path "${example}")` : "";
    return (
      `Showing the first ${k} of ${entries.length} entries to fit the ${budget}-token result budget. ` +
      `List a subdirectory${narrower}${recursive ? ", or list without recursive" : ""} to see the rest.`
    );
  };
  const fits = (n: number): boolean => {
    const note = noteFor(n);
    return (
      measureJson(payload(n), {
        tokenCounter,
        maxTokens: budget,
        truncated: note !== undefined || listing.truncated,
        note,
      }) <= budget
    );
  };
  const k = largestFitting(entries.length, fits);
  if (k === 0 && !fits(0))
    return budgetTooSmall(
      `the listing of ${payload(0).path}`,
      budget,
      tokenCounter,
    );
  const note = noteFor(k);
  return jsonResult(payload(k), {
    tokenCounter,
    seen: [],
    named: entries
      .slice(0, k)
      .filter((entry) => entry.type === "file")
      .map((entry) => entry.path),
    truncated: note !== undefined || listing.truncated,
    ...(note ? { note } : {}),
  });
}

function formatEntry(entry: Entry) {
  return {
    path: entry.path,
    type: entry.type,
    ...(entry.type === "file" && entry.size !== undefined
      ? { size: entry.size }
      : {}),
  };
}
