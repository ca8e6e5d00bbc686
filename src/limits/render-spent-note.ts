import type { SpendShortfall } from "../storage/spend-ledger/spend-ledger.js";

/**
 * The sentence a retrieval answer opens with when a model budget has too
 * little left: whose, how large, why (spent, too little left for an
 * answer, or held by answers under way) and when it renews.
 *
 * @example
 * renderSpentNote({ counter: { scope: "repository", period: "day", limit: 500_000, … }, why: "spent", used: 500_000, … })
 * // "This repository's model budget for today (500,000 tokens, UTC) is spent, so this answer comes from a search of the code alone. It renews at 2026-12-01 00:00 UTC."
 */
export function renderSpentNote(shortfall: SpendShortfall): string {
  const { counter, used, held } = shortfall;
  const whose =
    counter.scope === "installation"
      ? "This installation's"
      : "This repository's";
  const when = counter.period === "day" ? "today" : "this month";
  const tokens = (n: number) => n.toLocaleString("en");
  const renews = new Date(shortfall.renewsAt)
    .toISOString()
    .slice(0, 16)
    .replace("T", " ");
  const budget = `${whose} model budget for ${when} (${tokens(counter.limit)} tokens, UTC)`;
  const alone = "so this answer comes from a search of the code alone";
  if (shortfall.why === "held")
    return `${budget} is held by answers still being written (${tokens(held)} tokens), ${alone}. What they do not spend comes back when they finish: ask again then.`;
  const state =
    used >= counter.limit
      ? "is spent"
      : `has ${tokens(counter.limit - used)} tokens left, too few for an answer from the model`;
  return `${budget} ${state}, ${alone}. It renews at ${renews} UTC.`;
}
