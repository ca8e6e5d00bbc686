import type { CodeReader } from "../code-host/code-host.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { CodeToolDeps } from "./code-tool-deps.js";
import {
  createListDirectoryContentsTool,
  LIST_DIRECTORY_CONTENTS,
} from "./list-directory-contents.js";
import { createPathPolicy } from "./path-policy.js";
import {
  createReadFileContentsTool,
  READ_FILE_CONTENTS,
} from "./read-file-contents.js";
import {
  createSearchRepositoryCodeTool,
  SEARCH_REPOSITORY_CODE,
} from "./search-repository-code.js";
import type { AgentTool } from "./tool.js";
import type { RepositoryAtSha } from "../shared/permalink.js";
import { createLineHistoryTool, GET_LINE_HISTORY } from "./get-line-history.js";

/** Every code tool, in the order the model is shown them. */
export const CODE_TOOL_NAMES = [
  SEARCH_REPOSITORY_CODE,
  READ_FILE_CONTENTS,
  LIST_DIRECTORY_CONTENTS,
] as const;

export type CodeToolName = (typeof CODE_TOOL_NAMES)[number];

const FACTORIES: Record<CodeToolName, (deps: CodeToolDeps) => AgentTool> = {
  [SEARCH_REPOSITORY_CODE]: createSearchRepositoryCodeTool,
  [READ_FILE_CONTENTS]: createReadFileContentsTool,
  [LIST_DIRECTORY_CONTENTS]: createListDirectoryContentsTool,
};

export interface CodeToolsOptions {
  /** The run's reader, bound to its one commit. */
  reader: CodeReader;
  /** The branch or tag the commit was resolved from; the tools accept it as `ref` too. */
  ref?: string;
  tokenCounter: TokenCounter;
  /** Tokens one tool result may use at most; each result is cut to fit, with a note. */
  toolResultBudget: number;
  /** gitignore-style patterns of paths the tools never read, list or show. */
  excludePaths?: readonly string[];
  /** Only these tools (a mission's subset); default all. */
  allowed?: readonly string[];
  /**
   * The repository on the web at the reader's commit: the links
   * `get_line_history` gives (none: it gives none). That tool is offered
   * when the reader keeps history, with every code tool or when `allowed`
   * names it (not to a mission's subset, which names its tools).
   */
  web?: RepositoryAtSha;
}

/**
 * The tools the model sees for one run (docs/architecture/agent-loop.md, "Tools"):
 * `search_repository_code`, `read_file_contents`, `list_directory_contents`,
 * all bound to the reader's repository and commit. Secret-looking files and
 * `excludePaths` are never shown. Throws `TypeError` for an `allowed` name
 * that is not a tool, or a budget that is not a positive number.
 *
 * @example
 * const tools = createCodeTools({
 *   reader: host.at(sha), ref: "main", tokenCounter,
 *   toolResultBudget: 4_000, excludePaths: ["fixtures/"], allowed: mission?.tools,
 * });
 * tools.map((t) => t.name) // ["search_repository_code", "read_file_contents", "list_directory_contents"]
 */
export function createCodeTools(options: CodeToolsOptions): AgentTool[] {
  if (!(options.toolResultBudget > 0))
    throw new TypeError(
      `createCodeTools: toolResultBudget must be a positive number of tokens, received ${options.toolResultBudget}.`,
    );
  const allowed = options.allowed ?? CODE_TOOL_NAMES;
  const known: readonly string[] = [...CODE_TOOL_NAMES, GET_LINE_HISTORY];
  const unknown = allowed.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new TypeError(
      `createCodeTools: unknown tool ${unknown.map((n) => JSON.stringify(n)).join(", ")} in allowed; the tools are ${known.join(", ")}.`,
    );
  const deps: CodeToolDeps = {
    reader: options.reader,
    commit: {
      sha: options.reader.sha,
      ...(options.ref !== undefined ? { ref: options.ref } : {}),
    },
    tokenCounter: options.tokenCounter,
    toolResultBudget: options.toolResultBudget,
    policy: createPathPolicy(options.excludePaths),
  };
  const tools = CODE_TOOL_NAMES.filter((name) => allowed.includes(name)).map(
    (name) => FACTORIES[name](deps),
  );
  // Named, or with every code tool: a mission's subset names its tools.
  const history =
    allowed.includes(GET_LINE_HISTORY) ||
    CODE_TOOL_NAMES.every((name) => allowed.includes(name));
  if (history && options.reader.lineHistory)
    tools.push(
      createLineHistoryTool({
        ...deps,
        ...(options.web && { web: options.web }),
      }),
    );
  return tools;
}
