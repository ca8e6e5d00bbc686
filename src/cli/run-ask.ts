import path from "node:path";
import { createLocalCodeHost } from "../code-host/local/local-code-host.js";
import { defaultRepoConfig } from "../config/parse-repo-config.js";
import { buildContext } from "../retrieval/build-context.js";
import { packedContextTokens } from "../run/packed-context-tokens.js";
import { runAt } from "../run/run-at.js";
import { createTokenCounter } from "../tokens/create-token-counter.js";
import { toAskResult } from "./ask-result.js";
import { parseAskArgs } from "./parse-ask-args.js";
import { renderAskText } from "./render-ask-text.js";

export interface RunAskDeps {
  createLocalCodeHost: typeof createLocalCodeHost;
  buildContext: typeof buildContext;
  createTokenCounter: typeof createTokenCounter;
}

const defaultDeps: RunAskDeps = {
  createLocalCodeHost,
  buildContext,
  createTokenCounter,
};

/** How many places the retrieval-only answer lists. */
const MAX_PLACES = 8;

/**
 * `askcode ask`: one question about a local checkout, answered from retrieval
 * alone (no GitHub App, no model): resolve the ref once, read at that commit,
 * rank and pack, print the places and the packing report.
 */
export async function runAsk(
  argv: string[],
  io: { cwd: string; stdout: { write(text: string): unknown } },
  deps: Partial<RunAskDeps> = {},
): Promise<void> {
  const d = { ...defaultDeps, ...deps };
  const args = parseAskArgs(argv, io.cwd);
  const host = d.createLocalCodeHost({ root: path.resolve(io.cwd, args.repo) });
  try {
    const resolved = await host.resolveRef(args.ref);
    const at = runAt({
      source: host.label,
      ref: resolved.ref,
      reader: host.at(resolved.sha),
      // `--budget` is the repository's `context` budget; the rest keep their defaults.
      budgets: { ...defaultRepoConfig().budgets, context: args.budget },
    });
    const built = await d.buildContext({
      reader: at.reader,
      question: args.question,
      // No model reads it: the code gets the whole context budget, as the bot's retrieval-only answer does.
      budget: packedContextTokens(at.budgets, { withModel: false }),
      tokenCounter: d.createTokenCounter({ model: args.model }),
    });
    const result = toAskResult(built, at, {
      question: args.question,
      maxPlaces: MAX_PLACES,
    });
    io.stdout.write(
      args.json
        ? JSON.stringify(result, null, 2) + "\n"
        : renderAskText(result),
    );
  } finally {
    await host.close();
  }
}
