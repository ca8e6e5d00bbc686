import { lintSource } from "@secretlint/core";
import { secretLintProfiler } from "@secretlint/profiler";
import { rules as recommendedRules } from "@secretlint/secretlint-rule-preset-recommend";
import type {
  SecretLintCoreConfig,
  SecretLintCoreResultMessage,
} from "@secretlint/types";
import type { SecretSpan } from "./secret-span.js";

/**
 * Rules of secretlint's recommended preset that askcode does not run, and
 * why. A rule the preset adds later runs unless it is named here.
 */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  // A `secretlint-disable` comment in a repository's file would turn
  // redaction off in the answer that quotes it.
  "@secretlint/secretlint-rule-filter-comments":
    "lets the text being redacted switch redaction off",
  // Only blocks of 100+ base64 characters under five labels, closed by their
  // END line; the `private key` pattern also takes encrypted keys, keys with
  // header lines and blocks a tool result cut short.
  "@secretlint/secretlint-rule-privatekey":
    "narrower than the private key pattern",
  // These two report the whole URL, for http(s), ftp, MongoDB, MySQL and
  // PostgreSQL only; the `password` pattern takes any scheme and replaces the
  // password alone, so the answer still says which host it means.
  "@secretlint/secretlint-rule-basicauth":
    "narrower than the credentialed URL pattern",
  "@secretlint/secretlint-rule-database-connection-string":
    "narrower than the credentialed URL pattern",
};

// The AWS rule finds access key ids only when asked. Account ids are not
// secrets (https://docs.aws.amazon.com/accounts/latest/reference/manage-acct-identifiers.html).
const OPTIONS: Readonly<Record<string, object>> = {
  "@secretlint/secretlint-rule-aws": { enableIDScanRule: true },
};
const ALLOWED_MESSAGE_IDS: Readonly<Record<string, string[]>> = {
  "@secretlint/secretlint-rule-aws": ["AWSAccountID"],
};

// secretlint profiles every rule run by default: each adds performance marks
// and measures that its profiler keeps, and Node's global buffer too, for the
// life of the process. askcode redacts every file it reads, so a server's
// memory grew without bound (a burst of questions passed a 4 GB heap).
secretLintProfiler.setEnabled(false);

// Built once: every redaction runs the same rules.
const CONFIG: SecretLintCoreConfig = {
  rules: recommendedRules
    .filter((rule) => !(rule.meta.id in LEFT_OUT))
    .map((rule) => ({
      id: rule.meta.id,
      rule,
      options: OPTIONS[rule.meta.id] ?? {},
      allowMessageIds: ALLOWED_MESSAGE_IDS[rule.meta.id] ?? [],
    })),
};

/** The rule ids askcode runs, for tests and logs. */
export const PROVIDER_RULE_IDS: readonly string[] = CONFIG.rules.map(
  (r) => r.id,
);

// What a marker calls each rule's secret, by rule, and by message where one
// rule finds several kinds.
const RULE_LABELS: Readonly<Record<string, string>> = {
  "@secretlint/secretlint-rule-aws": "AWS secret key",
  "@secretlint/secretlint-rule-gcp": "Google Cloud key",
  "@secretlint/secretlint-rule-npm": "npm token",
  "@secretlint/secretlint-rule-slack": "Slack token",
  "@secretlint/secretlint-rule-sendgrid": "SendGrid key",
  "@secretlint/secretlint-rule-shopify": "Shopify token",
  "@secretlint/secretlint-rule-stripe": "Stripe key",
  "@secretlint/secretlint-rule-github": "GitHub token",
  "@secretlint/secretlint-rule-gitlab": "GitLab token",
  "@secretlint/secretlint-rule-grafana": "Grafana token",
  "@secretlint/secretlint-rule-openai": "OpenAI key",
  "@secretlint/secretlint-rule-anthropic": "Anthropic key",
  "@secretlint/secretlint-rule-groq": "Groq key",
  "@secretlint/secretlint-rule-huggingface": "Hugging Face token",
  "@secretlint/secretlint-rule-linear": "Linear key",
  "@secretlint/secretlint-rule-notion": "Notion token",
  "@secretlint/secretlint-rule-1password": "1Password token",
  "@secretlint/secretlint-rule-hashicorp-vault": "Vault token",
  "@secretlint/secretlint-rule-vercel": "Vercel token",
  "@secretlint/secretlint-rule-databricks": "Databricks token",
  "@secretlint/secretlint-rule-docker": "Docker token",
  "@secretlint/secretlint-rule-figma": "Figma token",
  "@secretlint/secretlint-rule-cloudflare": "Cloudflare key",
  "@secretlint/secretlint-rule-tailscale": "Tailscale key",
};
const MESSAGE_LABELS: Readonly<Record<string, string>> = {
  AWSAccessKeyID: "AWS access key id",
  IncomingWebhook: "Slack webhook",
  PackageJSON_xOauthToken: "GitHub token",
};

/**
 * The marker's name for what a secretlint message found; `secret` for a
 * rule added to the preset after this table.
 *
 * @example
 * providerSecretLabel({ ruleId: "@secretlint/secretlint-rule-github", messageId: "GITHUB_TOKEN" })
 * // "GitHub token"
 */
export function providerSecretLabel(
  message: Pick<SecretLintCoreResultMessage, "ruleId" | "messageId">,
): string {
  return (
    MESSAGE_LABELS[message.messageId] ?? RULE_LABELS[message.ruleId] ?? "secret"
  );
}

/**
 * Where secretlint's recommended rules find provider tokens in `text`:
 * GitHub, GitLab, npm, Slack, Stripe, OpenAI, Hugging Face, SendGrid, AWS and
 * the rest of the preset, less `LEFT_OUT`. Provider-shaped strings count
 * even in examples; only AWS's documented example keys (the preset skips
 * them) and a prefix followed by one repeated character (`ghp_xxxx…`) are
 * taken for placeholders.
 *
 * @example
 * await findProviderSecrets(`token: ${githubToken}`)
 * // [{ start: 7, end: 47, label: "GitHub token" }]
 */
export async function findProviderSecrets(text: string): Promise<SecretSpan[]> {
  const { messages } = await lintSource({
    // No file name: rules that look only in some files (npm's package.json
    // check) look everywhere, since a comment may quote any file.
    source: { content: text, filePath: "", ext: ".md", contentType: "text" },
    options: { config: CONFIG, noPhysicFilePath: true },
  });
  // secretlint drops a leading byte order mark and counts from after it.
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const spans: SecretSpan[] = [];
  for (const message of messages) {
    const [start, end] = secretRange(text, message, shift);
    if (end <= start || isFiller(text.slice(start, end))) continue;
    spans.push({ start, end, label: providerSecretLabel(message) });
  }
  return spans;
}

// Some rules report where their whole match starts with the length of the
// secret alone (the AWS rule's `aws_secret_access_key = …`, the npm rule's
// x-oauth-basic URL), so the range would cut the secret. The secret a
// message quotes in its data is the truth: find it from the range's start.
function secretRange(
  text: string,
  message: SecretLintCoreResultMessage,
  shift: number,
): [number, number] {
  const start = message.range[0] + shift;
  const end = message.range[1] + shift;
  const quoted = Object.values(message.data ?? {})
    .filter((v): v is string => typeof v === "string" && v.length > 0)
    .sort((a, b) => b.length - a.length);
  if (quoted.length === 0 || quoted.includes(text.slice(start, end)))
    return [start, end];
  for (const secret of quoted) {
    const at = text.indexOf(secret, start);
    if (at !== -1) return [at, at + secret.length];
  }
  return [start, end];
}

// `ghp_xxxxxxxx…`, `sk_live_00000000…`: prefixes followed by one character
// over and over stand for a token in docs and templates; no issued token
// looks like that.
function isFiller(token: string): boolean {
  const body = token
    .replace(/^(?:[A-Za-z]+[_.-])+/, "")
    .replace(/[^A-Za-z0-9]/g, "");
  return body.length >= 8 && new Set(body).size === 1;
}
