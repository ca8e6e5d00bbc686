import { parseArgs } from "node:util";
import { BUDGET_LIMITS } from "../config/budget-limits.js";
import { ConfigError } from "../shared/errors.js";
import { cacheDirOption } from "./cache-dir-option.js";
import { DEFAULT_MODEL } from "./default-model.js";

// `--budget` is a repository's context budget: the same default and bounds.
const CONTEXT = BUDGET_LIMITS.context;

export interface AskArgs {
  question: string;
  /** The checkout to read (default: the current directory). */
  repo: string;
  /** A branch, tag or commit of a git checkout; the working tree when absent. */
  ref?: string;
  /** The repository's `context` budget (`budgets.context`); with no model, all of it is packed code. */
  budget: number;
  /** Model name: picks the tokenizer (and, with a model endpoint, the model). */
  model: string;
  json: boolean;
  /** Where derived data (chunks and term counts by blob) is kept between runs; undefined with `--no-cache`. */
  cacheDir: string | undefined;
}

export const ASK_USAGE = `Usage: askcode ask "<question>" [--repo DIR] [--ref REF] [--budget N] [--model M] [--json]
                    [--cache-dir DIR | --no-cache]

Answers a question about a local checkout from retrieval alone: the most relevant
places, why each matched, an excerpt of each, and how the context was packed.

  --repo DIR    the checkout to read (default: the current directory)
  --ref REF     a branch, tag or commit of a git checkout (default: the working tree)
  --budget N    the context budget, as budgets.context in .github/askcode.yml:
                with no model, the tokens of packed code (default: ${CONTEXT.default})
  --model M     model whose tokenizer counts the budget (default: gpt-4o); another
                name (a local Llama) is counted as gpt-4o's, with a notice
  --json        print the result as JSON
  --cache-dir DIR  where indexing's work is kept between runs (what each file
                yields, whole indexes, token counts), so a later question
                redoes only what changed; after a first question the rest of
                the checkout is indexed there in the background
                (default: $XDG_CACHE_HOME/askcode, else ~/.cache/askcode)
  --no-cache    neither read nor write that cache, nor index in the background`;

/**
 * Parses `askcode ask` arguments; throws ConfigError with the usage on bad
 * input. Imports nothing heavy, so a mistake is refused at once.
 *
 * @example
 * parseAskArgs(["where is retry decided?", "--no-cache"], process.cwd(), process.env)
 * // { question: "where is retry decided?", repo: process.cwd(), budget: 12000, …, cacheDir: undefined }
 */
export function parseAskArgs(
  argv: string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): AskArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: negativeBudgetJoined(argv),
      allowPositionals: true,
      options: {
        repo: { type: "string" },
        ref: { type: "string" },
        budget: { type: "string" },
        model: { type: "string" },
        json: { type: "boolean", default: false },
        "cache-dir": { type: "string" },
        "no-cache": { type: "boolean", default: false },
      },
    });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n\n${ASK_USAGE}`);
  }
  const question = parsed.positionals.join(" ").trim();
  if (!question) throw new ConfigError(`Ask a question.\n\n${ASK_USAGE}`);
  const budget =
    parsed.values.budget === undefined
      ? CONTEXT.default
      : Number(parsed.values.budget);
  if (
    !Number.isInteger(budget) ||
    budget < CONTEXT.min ||
    budget > CONTEXT.max
  ) {
    throw new ConfigError(
      `--budget must be a whole number of tokens from ${CONTEXT.min} to ${CONTEXT.max}, got ${JSON.stringify(parsed.values.budget)}.`,
    );
  }
  const cacheDir = cacheDirOption(parsed.values, cwd, env, ASK_USAGE);
  return {
    question,
    repo: parsed.values.repo ?? cwd,
    ref: parsed.values.ref,
    budget,
    model: parsed.values.model ?? DEFAULT_MODEL,
    json: parsed.values.json ?? false,
    cacheDir,
  };
}

// `--budget -5` would read to the argument parser as a missing value and a
// flag; joined as `--budget=-5`, it gets the message that names the bounds.
function negativeBudgetJoined(argv: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (argv[i] === "--budget" && next !== undefined && /^-\d/.test(next)) {
      joined.push(`--budget=${next}`);
      i++;
    } else joined.push(argv[i] as string);
  }
  return joined;
}
