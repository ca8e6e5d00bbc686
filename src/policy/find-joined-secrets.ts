import type { SecretSpan } from "./secret-span.js";

/**
 * Where a secret is split into string literals joined back together: a
 * provider's prefix glued to the rest (`"sk-" + "…"`, `'ghp_' + '…'`,
 * `"AKIA" "…"` in Python, `["xoxb-", "…"].join("")`), which no single-token
 * rule sees. `isSecret` judges the joined value (the same rules that redact
 * a whole token); a chain that starts with a known prefix and goes on with
 * 8 or more characters of letters and digits is one too, whatever the
 * provider's exact format. Every piece's content is redacted, the quotes and
 * operators stay, and so do the lines (a chain may span several).
 *
 * @example
 * await findJoinedSecrets('key = "sk-" + "a1b2c3d4e5f6"', isSecret)
 * // [{ start: 7, end: 10, label: "secret" }, { start: 16, end: 28, label: "secret" }]
 */
export async function findJoinedSecrets(
  text: string,
  isSecret: (joined: string) => Promise<string | undefined>,
): Promise<SecretSpan[]> {
  const spans: SecretSpan[] = [];
  for (const chain of literalChains(text)) {
    const joined = chain
      .map((piece) => text.slice(piece[0], piece[1]))
      .join("");
    const label =
      (await isSecret(joined)) ??
      (hasProviderPrefix(joined) ? "secret" : undefined);
    if (label === undefined) continue;
    for (const [start, end] of chain)
      if (end > start) spans.push({ start, end, label });
  }
  return spans;
}

// A string literal on one line; its content is group 2.
const LITERAL = /(["'`])((?:\\.|(?!\1)[^\\\n]){0,512})\1/g;
// What may join two literals: `+` (most languages), `..` (Lua), `.` (PHP),
// `,` (an array joined later), or nothing but spaces (Python, C).
const JOIN = /^\s*(?:\+|\.\.?|,)?\s*$/;

/** Runs of two or more joined literals, as [start, end] of each content. */
function literalChains(text: string): Array<Array<[number, number]>> {
  const chains: Array<Array<[number, number]>> = [];
  let chain: Array<[number, number]> = [];
  let lastEnd = -1;
  for (const match of text.matchAll(LITERAL)) {
    const start = match.index + 1;
    const end = start + match[2]!.length;
    const gap = lastEnd < 0 ? "" : text.slice(lastEnd, match.index);
    if (lastEnd < 0 || gap.length > 64 || !JOIN.test(gap)) {
      if (chain.length > 1) chains.push(chain);
      chain = [];
    }
    chain.push([start, end]);
    lastEnd = match.index + match[0].length;
  }
  if (chain.length > 1) chains.push(chain);
  return chains;
}

// Prefixes that begin a provider's credential and nothing else: GitHub,
// GitLab, OpenAI and compatible servers, Anthropic, Stripe, Slack, npm,
// Hugging Face, AWS, Google, SendGrid, Groq, Shopify, Vault, Docker,
// Databricks, Figma, Tailscale, DigitalOcean, Linear (see the formats cited
// in find-provider-secrets.ts and test/helpers/fake-secrets.ts).
const PROVIDER_PREFIX =
  /^(?:gh[pousr]_|github_pat_|glpat-|sk-(?:proj-|ant-)?|sk_live_|sk_test_|rk_live_|rk_test_|xox[abposr]-|xapp-|npm_|hf_|AKIA|ASIA|AIza|SG\.|gsk_|shp(?:at|ss|ca|pa)_|hv[sb]\.|dckr_pat_|dapi|figd_|tskey-|dop_v1_|lin_api_)(?<rest>[A-Za-z0-9_.\-]+)$/;

function hasProviderPrefix(joined: string): boolean {
  const rest = PROVIDER_PREFIX.exec(joined)?.groups?.rest;
  return (
    rest !== undefined &&
    rest.replace(/[_.\-]/g, "").length >= 8 &&
    /\d/.test(rest) &&
    /[A-Za-z]/.test(rest)
  );
}
