import path from "node:path";
import { parseArgs } from "node:util";
import { BUDGET_LIMITS } from "../config/budget-limits.js";
import { EVAL_BUDGETS } from "../eval/eval-budgets.js";
import { HISTORY_DEFAULTS } from "../eval/questions-from-history.js";
import { ConfigError } from "../shared/errors.js";
import { cacheDirOption } from "./cache-dir-option.js";
import { DEFAULT_MODEL } from "./default-model.js";

// Budgets are values of a repository's `budgets.context`: the same bounds.
const CONTEXT = BUDGET_LIMITS.context;
const MAX_COMMITS = 1000;
const MAX_FILES = 50;
const MAX_WORDS = 1000;

export interface EvalArgs {
  /** The git checkout or bare repository whose history is asked. */
  repo: string;
  /** Where the history is read back from. */
  ref: string;
  /** How many commits become questions: the most recent that qualify. */
  commits: number;
  /** Values of `budgets.context` to measure, in tokens, ascending. */
  budgets: number[];
  /** Patterns to exclude besides the repository's `exclude_paths` (gitignore syntax). */
  exclude: string[];
  /** Whether `.github/askcode.yml`'s `exclude_paths` at each commit applies. */
  config: boolean;
  /** A commit qualifies when it changes at most this many files. */
  maxFiles: number;
  /** … and its message has at least this many words. */
  minWords: number;
  /** Model name: picks the tokenizer. */
  model: string;
  /** Pack each budget as the app does when a model answers: the code gets its share (`packedContextTokens`). */
  withModel: boolean;
  /** Where the results go as JSON; none: only printed. */
  json?: string;
  /** Where what indexing derives per file is kept between runs; undefined with `--no-cache`. */
  cacheDir: string | undefined;
}

export const EVAL_USAGE = `Usage: askcode eval [--repo DIR] [--ref REF] [--commits N] [--budgets LIST]
                   [--exclude GLOB]... [--no-config] [--max-files N] [--min-words N]
                   [--model M] [--with-model] [--json FILE] [--cache-dir DIR | --no-cache]

Measures askcode's retrieval on the repository's own history, to choose
budgets.context and exclude_paths: each recent commit's message is asked as a
question at the commit's parent (read from git objects, nothing checked out),
and recall is how much of what the commit changed the packed context shows,
beside a plain BM25 over the same files. Merges, bots' commits, short messages
and commits that change anything but a few existing source files are left out.

  --repo DIR       a git checkout or bare repository (default: the current directory)
  --ref REF        the branch, tag or commit the history is read back from (default HEAD)
  --commits N      how many commits to ask, the most recent that qualify (default 30)
  --budgets LIST   budgets.context values to measure, comma-separated
                   (default ${EVAL_BUDGETS.join(",")})
  --exclude GLOB   also exclude these paths, in exclude_paths' .gitignore syntax
                   (repeatable): try an exclude_paths before committing it
  --no-config      ignore .github/askcode.yml's exclude_paths (by default each
                   question applies the file as it was at that commit)
  --max-files N    a commit may change at most N files (default ${HISTORY_DEFAULTS.maxFiles})
  --min-words N    a commit's message needs N words or more, trailers such as
                   Signed-off-by: left out (default ${HISTORY_DEFAULTS.minWords})
  --model M        model whose tokenizer counts the budgets (default: gpt-4o);
                   another name (a local Llama) is counted as gpt-4o's, with a notice
  --with-model     measure what the app packs when a model answers: the code gets
                   60% of budgets.context, the question and thread the rest (by
                   default, as with askcode ask and no model, all of it)
  --json FILE      also write every figure and each question's result to FILE
  --cache-dir DIR  where indexing's work is kept between runs (the same cache
                   as askcode ask; default: $XDG_CACHE_HOME/askcode, else ~/.cache/askcode)
  --no-cache       neither read nor write that cache`;

/**
 * Parses `askcode eval` arguments; throws ConfigError naming the bad input,
 * with the usage. Imports nothing heavy, so a mistake is refused at once.
 *
 * @example
 * parseEvalArgs(["--commits", "10", "--exclude", "fixtures/"], "/src/app", { HOME: "/home/ada" })
 * // { repo: "/src/app", ref: "HEAD", commits: 10, budgets: [8000, 13000, 27000, 50000], exclude: ["fixtures/"], … }
 */
export function parseEvalArgs(
  argv: string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): EvalArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        repo: { type: "string" },
        ref: { type: "string" },
        commits: { type: "string" },
        budgets: { type: "string" },
        exclude: { type: "string", multiple: true },
        "no-config": { type: "boolean", default: false },
        "max-files": { type: "string" },
        "min-words": { type: "string" },
        model: { type: "string" },
        "with-model": { type: "boolean", default: false },
        json: { type: "string" },
        "cache-dir": { type: "string" },
        "no-cache": { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n\n${EVAL_USAGE}`);
  }
  const exclude = values.exclude ?? [];
  const empty = exclude.find((pattern) => pattern.trim() === "");
  if (empty !== undefined)
    throw new ConfigError(
      `--exclude needs a path or .gitignore pattern, such as "fixtures/" or "*.snap"; got ${JSON.stringify(empty)}.`,
    );
  return {
    repo: path.resolve(cwd, values.repo ?? "."),
    ref: values.ref ?? "HEAD",
    commits: wholeNumber("--commits", values.commits, 30, 1, MAX_COMMITS),
    budgets: budgetList(values.budgets),
    exclude,
    config: !values["no-config"],
    maxFiles: wholeNumber(
      "--max-files",
      values["max-files"],
      HISTORY_DEFAULTS.maxFiles,
      1,
      MAX_FILES,
    ),
    minWords: wholeNumber(
      "--min-words",
      values["min-words"],
      HISTORY_DEFAULTS.minWords,
      1,
      MAX_WORDS,
    ),
    model: values.model ?? DEFAULT_MODEL,
    withModel: values["with-model"] ?? false,
    ...(values.json !== undefined
      ? { json: path.resolve(cwd, values.json) }
      : {}),
    cacheDir: cacheDirOption(values, cwd, env, EVAL_USAGE),
  };
}

function wholeNumber(
  option: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(
      `${option} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}.`,
    );
  return n;
}

// "8000,13000" → [8000, 13000]: each a budgets.context askcode accepts, once, ascending.
function budgetList(value: string | undefined): number[] {
  if (value === undefined) return [...EVAL_BUDGETS];
  const budgets = value.split(",").map((part) => {
    const n = Number(part.trim());
    if (
      part.trim() === "" ||
      !Number.isInteger(n) ||
      n < CONTEXT.min ||
      n > CONTEXT.max
    )
      throw new ConfigError(
        `--budgets takes budgets.context values from ${CONTEXT.min} to ${CONTEXT.max} tokens, comma-separated (such as 8000,13000); ${JSON.stringify(part.trim())} in ${JSON.stringify(value)} is not one.`,
      );
    return n;
  });
  return [...new Set(budgets)].sort((a, b) => a - b);
}
