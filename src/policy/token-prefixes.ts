/**
 * Prefixes that begin one provider's credentials and nothing else, and what
 * a marker calls what follows them: GitHub, GitLab, OpenAI and compatible
 * servers, Anthropic, Stripe, Slack, npm, Hugging Face, AWS, Google,
 * SendGrid, Groq, Shopify, Vault, Docker, Databricks, Figma, Tailscale,
 * DigitalOcean, Linear (the formats cited in find-provider-secrets.ts and
 * test/helpers/fake-secrets.ts). Each is a regular expression source; a
 * longer prefix comes before a shorter one it begins with.
 */
export const TOKEN_PREFIXES: ReadonlyArray<{ prefix: string; label: string }> =
  [
    { prefix: "gh[pousr]_", label: "GitHub token" },
    { prefix: "github_pat_", label: "GitHub token" },
    { prefix: "glpat-", label: "GitLab token" },
    { prefix: "sk-ant-", label: "Anthropic key" },
    { prefix: "sk-(?:proj-)?", label: "API key" },
    { prefix: "[sr]k_(?:live|test)_", label: "Stripe key" },
    { prefix: "xox[abposr]-", label: "Slack token" },
    { prefix: "xapp-", label: "Slack token" },
    { prefix: "npm_", label: "npm token" },
    { prefix: "hf_", label: "Hugging Face token" },
    { prefix: "AKIA", label: "AWS access key id" },
    { prefix: "ASIA", label: "AWS access key id" },
    { prefix: "AIza", label: "Google API key" },
    { prefix: "SG\\.", label: "SendGrid key" },
    { prefix: "gsk_", label: "Groq key" },
    { prefix: "shp(?:at|ss|ca|pa)_", label: "Shopify token" },
    { prefix: "hv[sb]\\.", label: "Vault token" },
    { prefix: "dckr_pat_", label: "Docker token" },
    { prefix: "dapi", label: "Databricks token" },
    { prefix: "figd_", label: "Figma token" },
    { prefix: "tskey-", label: "Tailscale key" },
    { prefix: "dop_v1_", label: "DigitalOcean token" },
    { prefix: "lin_api_", label: "Linear key" },
  ];

/** Any of `TOKEN_PREFIXES`, as a regular expression source. */
export const ANY_TOKEN_PREFIX = `(?:${TOKEN_PREFIXES.map((p) => p.prefix).join("|")})`;

const EACH = TOKEN_PREFIXES.map(({ prefix, label }) => ({
  regex: new RegExp(`^${prefix}`),
  label,
}));

/**
 * The provider prefix `token` starts with and what it is called, if any.
 *
 * @example
 * tokenPrefix("ghp_R8x2…") // { prefix: "ghp_", label: "GitHub token" }
 * tokenPrefix("hello") // undefined
 */
export function tokenPrefix(
  token: string,
): { prefix: string; label: string } | undefined {
  for (const { regex, label } of EACH) {
    const match = regex.exec(token);
    if (match) return { prefix: match[0], label };
  }
  return undefined;
}
