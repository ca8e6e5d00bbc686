import path from "node:path";
import { createLocalCodeHost } from "../code-host/local/local-code-host.js";
import { buildContext } from "../retrieval/build-context.js";
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
    const built = await d.buildContext({
      reader: host.at(resolved.sha),
      question: args.question,
      budget: args.budget,
      tokenCounter: d.createTokenCounter({ model: args.model }),
    });
    const result = toAskResult(built, {
      question: args.question,
      source: host.label,
      sha: resolved.sha,
      ref: resolved.ref,
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
