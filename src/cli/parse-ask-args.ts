import { parseArgs } from "node:util";
import { ConfigError } from "../shared/errors.js";

export interface AskArgs {
  question: string;
  /** The checkout to read (default: the current directory). */
  repo: string;
  /** A branch, tag or commit of a git checkout; the working tree when absent. */
  ref?: string;
  /** Token budget for the packed context. */
  budget: number;
  /** Model name: picks the tokenizer (and, with a model endpoint, the model). */
  model: string;
  json: boolean;
}

export const ASK_USAGE = `Usage: askcode ask "<question>" [--repo DIR] [--ref REF] [--budget N] [--model M] [--json]

Answers a question about a local checkout from retrieval alone: the most relevant
places, why each matched, an excerpt of each, and how the context was packed.

  --repo DIR    the checkout to read (default: the current directory)
  --ref REF     a branch, tag or commit of a git checkout (default: the working tree)
  --budget N    token budget for the packed context (default: 8000)
  --model M     model whose tokenizer counts the budget (default: gpt-4o)
  --json        print the result as JSON`;

/** Parses `askcode ask` arguments; throws ConfigError with the usage on bad input. */
export function parseAskArgs(argv: string[], cwd: string): AskArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        repo: { type: "string" },
        ref: { type: "string" },
        budget: { type: "string" },
        model: { type: "string" },
        json: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n\n${ASK_USAGE}`);
  }
  const question = parsed.positionals.join(" ").trim();
  if (!question) throw new ConfigError(`Ask a question.\n\n${ASK_USAGE}`);
  const budget =
    parsed.values.budget === undefined ? 8000 : Number(parsed.values.budget);
  if (!Number.isInteger(budget) || budget < 256 || budget > 2_000_000) {
    throw new ConfigError(
      `--budget must be a whole number of tokens from 256 to 2000000, got ${JSON.stringify(parsed.values.budget)}.`,
    );
  }
  return {
    question,
    repo: parsed.values.repo ?? cwd,
    ref: parsed.values.ref,
    budget,
    model: parsed.values.model ?? "gpt-4o",
    json: parsed.values.json ?? false,
  };
}
