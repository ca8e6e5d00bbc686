import type { CodeReader } from "../code-host/code-host.js";
import { InvalidPathError } from "../shared/errors.js";
import { normalizeRepoPath } from "../shared/repo-path.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { hiddenPathMessage, type PathPolicy } from "./path-policy.js";
import { refMismatch, type RunCommit } from "./run-commit.js";
import type { ToolContext } from "./tool.js";

/** What every code tool of one run shares. */
export interface CodeToolDeps {
  /** Bound to the run's commit: nothing the model writes can change it. */
  reader: CodeReader;
  commit: RunCommit;
  tokenCounter: TokenCounter;
  /** Tokens one result may use at most. */
  toolResultBudget: number;
  policy: PathPolicy;
}

/** Tokens this call's result may use: the per-result budget, or what the run has left. */
export function resultBudget(
  deps: Pick<CodeToolDeps, "toolResultBudget">,
  ctx: ToolContext,
): number {
  return Math.max(0, Math.min(deps.toolResultBudget, ctx.maxTokens));
}

/**
 * A path argument as a normalised repository path, or the sentence that says
 * why it is not one.
 *
 * @example
 * toRepoPath("./src//a.ts") // { path: "src/a.ts" }
 * toRepoPath("../x")        // { error: "Invalid path \"../x\": '..' is not allowed; … Give a path relative to the repository root, like \"src/index.ts\"." }
 */
export function toRepoPath(
  input: string,
): { path: string; error?: undefined } | { error: string } {
  try {
    return { path: normalizeRepoPath(input) };
  } catch (error) {
    if (!(error instanceof InvalidPathError)) throw error;
    return {
      error: `${error.message} Give a path relative to the repository root, like "src/index.ts".`,
    };
  }
}

/**
 * The checks every tool that takes a `path` and a `ref` makes first: the ref
 * names the run's commit, the path is a repository path, and it is neither
 * secret-looking nor excluded. Returns the path, or the sentence to send back.
 *
 * @example
 * checkPathArguments({ path: ".env" }, deps) // { error: "… secret-looking …" }
 */
export function checkPathArguments(
  args: { path?: string; ref?: string },
  deps: CodeToolDeps,
  options: { directory?: boolean } = {},
): { path: string; error?: undefined } | { error: string } {
  const refError = refMismatch(args.ref, deps.commit);
  if (refError) return { error: refError };
  const at = toRepoPath(args.path ?? "");
  if (at.error !== undefined) return at;
  const hidden = deps.policy.hidden(at.path, options.directory);
  return hidden ? { error: hiddenPathMessage(at.path, hidden) } : at;
}
