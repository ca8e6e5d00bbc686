import { looksRandom } from "./looks-random.js";

/**
 * One kind of secret. `regex` is global; its named group `v` is the secret
 * (the whole match when there is none), and the groups `pre` and `post`, when
 * present, are kept around the marker: `password = "…"` keeps its key name.
 */
export interface SecretPattern {
  /** What the marker says was removed: `[redacted GitHub token]`. */
  label: string;
  regex: RegExp;
  /** A second look at the secret, for patterns that are only a shape. */
  check?: (secret: string) => boolean;
}

const hasDigitAndLetter = (s: string): boolean =>
  /\d/.test(s) && /[A-Za-z]/.test(s);
const notPlaceholder = (s: string): boolean =>
  !/^(?:\$\{.*\}|\$\w+|<.*>|\{\{.*\}\}|\*+|\[redacted.*\])$/.test(s);

// Key names whose value is a credential when it looks random. A key may carry
// a prefix or suffix (DB_PASSWORD, apiKeyProd) and may be quoted (JSON, YAML).
const KEY = String.raw`["']?[A-Za-z0-9_.-]*(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?)[A-Za-z0-9_-]*["']?`;
const ASSIGN = String.raw`\s*(?:=|:=|:|=>)\s*`;

/**
 * The secrets askcode redacts from anything it posts, most specific first: a
 * key block before the tokens inside it, a provider's token before a generic
 * `token = …` assignment.
 *
 * Prefixes and lengths follow the providers' own formats: GitHub
 * (https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/),
 * AWS (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids),
 * Slack (https://api.slack.com/authentication/token-types), Stripe
 * (https://docs.stripe.com/keys), Google (https://cloud.google.com/docs/authentication/api-keys).
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    label: "private key",
    // A whole block, or one cut short (an answer trimmed mid-key): its header
    // lines and base64 lines, up to the first line that is neither.
    regex:
      /-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?:\s*(?:[A-Za-z0-9+/=\\]{16,}|[A-Za-z-]+: [^\n]*))*)/g,
  },
  {
    label: "password",
    // scheme://user:password@host: keep the user and host, drop the password.
    regex:
      /(?<pre>\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/'"`]+:)(?<v>[^\s@/'"`]+)(?<post>@)/gi,
    check: notPlaceholder,
  },
  {
    label: "GitHub token",
    regex: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})\b/g,
  },
  {
    label: "API key",
    // OpenAI (sk-…, sk-proj-…) and other sk- keys (Anthropic's sk-ant-…).
    regex: /\bsk-(?:proj-|svcacct-|admin-|ant-)?[A-Za-z0-9_-]{20,}/g,
    check: hasDigitAndLetter,
  },
  { label: "Stripe key", regex: /\b[rs]k_(?:live|test)_[0-9A-Za-z]{10,}\b/g },
  {
    label: "AWS access key id",
    regex: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g,
  },
  {
    label: "AWS secret key",
    regex:
      /(?<pre>\baws_?secret_?(?:access_?)?key["']?\s*(?:=|:)\s*["']?)(?<v>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
  },
  { label: "Slack token", regex: /\bxox[baprs]-[A-Za-z0-9-]{10,}/g },
  {
    label: "Slack webhook",
    regex: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]+/g,
  },
  {
    label: "Google API key",
    regex: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
  },
  {
    label: "JWT",
    regex: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  },
  {
    label: "token",
    regex: /(?<pre>\b(?:Bearer|Basic)\s+)(?<v>[A-Za-z0-9._~+/-]{16,}=*)/g,
    check: looksRandom,
  },
  {
    label: "secret",
    // key = "value", "key": 'value', key: `value`
    regex: new RegExp(
      String.raw`(?<pre>${KEY}${ASSIGN}(?<q>["'\x60]))(?<v>[^"'\x60\s]{8,})(?<post>\k<q>)`,
      "gi",
    ),
    check: looksRandom,
  },
  {
    label: "secret",
    // KEY=value in env files and shell; the value ends the token, so
    // `token = getToken()` is a call, not a value.
    regex: new RegExp(
      String.raw`(?<pre>${KEY}${ASSIGN})(?<v>[A-Za-z0-9+/=_.~-]{8,})(?=$|[\s,;&])`,
      "gim",
    ),
    check: looksRandom,
  },
];
