import type { RepositoryOnWeb } from "../shared/permalink.js";
import type { CodeReader } from "../code-host/code-host.js";
import type { Budgets } from "../config/repo-config-schema.js";

/**
 * One question's view of the code: the commit it reads, the reader bound to
 * that commit, and the budgets it is answered within. Built once, where the
 * ref is resolved (`runQuestion` for the bot, `runAsk` for the CLI), and
 * passed down whole, so the links, the index key, the prompt and the packing
 * all name the same commit and the same budgets.
 */
export interface RunAt {
  /** Where the code comes from (the host's label): "github:octo/hello", "local:/src/app". */
  source: string;
  /** The ref that was read: the one asked for, else the default branch's name (the bot) or the checkout's current branch (the CLI). */
  ref: string;
  /** The branch, tag or commit the question named, for "read `v2.1` at …"; absent when it named none. */
  askedRef?: string;
  /** The commit every read uses: `reader.sha`. */
  sha: string;
  reader: CodeReader;
  /** The repository's budgets (its mission's where one runs); the CLI's are the repository defaults with `--budget` as `context`. */
  budgets: Budgets;
}

/** A question about a repository on GitHub: its owner, name and web page too, for links. */
export type RunAtRepository = RunAt & RepositoryOnWeb;

/**
 * A `RunAt` from the reader of the resolved commit: `sha` is the reader's,
 * so the two cannot disagree.
 *
 * @example
 * const at = runAt({ source: codeHost.label, ref: resolved.ref, reader: codeHost.at(resolved.sha), budgets: settings.budgets });
 * at.sha === resolved.sha // true
 */
export function runAt<Where extends object>(
  fields: Omit<RunAt, "sha"> & Where,
): RunAt & Where {
  return { ...fields, sha: fields.reader.sha };
}
