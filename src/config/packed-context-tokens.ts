import type { Budgets } from "./repo-config-schema.js";

// The packed code's share of the first message when a model reads it; the
// rest holds the question, the issue thread and the repository's guidance.
const CONTEXT_SHARE = 0.6;

/**
 * The tokens of code a question packs, from its budgets: `budgets.context`
 * is the whole first message, so with a model the code gets its share of it
 * and the question, thread and guidance the rest; with none (the
 * retrieval-only answer, `askcode ask`) the code gets all of it. The bot and
 * the CLI both pack to this number, so one `context` budget packs the same
 * code in both.
 *
 * @example
 * packedContextTokens({ context: 12_000 }, { withModel: true })  // 7200
 * packedContextTokens({ context: 12_000 }, { withModel: false }) // 12000
 */
export function packedContextTokens(
  budgets: Pick<Budgets, "context">,
  { withModel }: { withModel: boolean },
): number {
  return Math.floor(budgets.context * (withModel ? CONTEXT_SHARE : 1));
}
