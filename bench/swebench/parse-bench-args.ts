import { parseArgs } from "node:util";
import { DEFAULT_MIRROR_LAYOUT } from "./mirror-path.js";

export interface BenchArgs {
  data: string;
  mirrors: string;
  mirrorLayout: string;
  budgets: number[];
  repo?: string;
  instances: string[];
  limit?: number;
  out: string;
  model: string;
  help: boolean;
}

export const BENCH_USAGE = `Usage: npm run bench:swebench -- [options]

Measures askcode's retrieval and packing against SWE-bench's BM25 baseline on
issues from a JSONL file, reading each repository at its base commit from a git mirror.

  --data FILE            instances, one JSON object a line (default ../shared/eval/swebench/dev.jsonl)
  --mirrors DIR          directory holding the git mirrors (default ../.mirror)
  --mirror-layout PATH   a mirror's path below DIR; {owner}, {name}, {repo} are filled in
                         (default "${DEFAULT_MIRROR_LAYOUT}")
  --budgets LIST         token budgets, comma-separated (default 8000,13000,27000,50000)
  --repo OWNER/NAME      only this repository's instances
  --instance ID          only this instance (repeatable)
  --limit N              at most N instances
  --out FILE             where the JSON goes (default bench/results/swebench.json)
  --model NAME           the model whose tokenizer counts the budget (default gpt-4o)
`;

/**
 * Parses the harness's command line. Throws with the usage for anything it
 * does not understand, so a typo never runs an hour-long job with defaults.
 *
 * @example
 * parseBenchArgs(["--budgets", "13000", "--repo", "psf/requests"]).budgets // [13000]
 */
export function parseBenchArgs(argv: string[]): BenchArgs {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      data: { type: "string", default: "../shared/eval/swebench/dev.jsonl" },
      mirrors: { type: "string", default: "../.mirror" },
      "mirror-layout": { type: "string", default: DEFAULT_MIRROR_LAYOUT },
      budgets: { type: "string", default: "8000,13000,27000,50000" },
      repo: { type: "string" },
      instance: { type: "string", multiple: true },
      limit: { type: "string" },
      out: { type: "string", default: "bench/results/swebench.json" },
      model: { type: "string", default: "gpt-4o" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const budgets = values.budgets.split(",").map((b) => Number(b.trim()));
  if (
    budgets.length === 0 ||
    budgets.some((b) => !Number.isInteger(b) || b <= 0)
  ) {
    throw new Error(
      `--budgets must be positive integers separated by commas, got "${values.budgets}".\n\n${BENCH_USAGE}`,
    );
  }
  let limit: number | undefined;
  if (values.limit !== undefined) {
    limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit <= 0)
      throw new Error(
        `--limit must be a positive integer, got "${values.limit}".\n\n${BENCH_USAGE}`,
      );
  }
  return {
    data: values.data,
    mirrors: values.mirrors,
    mirrorLayout: values["mirror-layout"],
    budgets: [...new Set(budgets)].sort((a, b) => a - b),
    ...(values.repo !== undefined ? { repo: values.repo } : {}),
    instances: values.instance ?? [],
    ...(limit !== undefined ? { limit } : {}),
    out: values.out,
    model: values.model,
    help: values.help,
  };
}
