import { isPlaceholder, looksRandom } from "./looks-random.js";

/**
 * One kind of secret that secretlint's recommended rules do not find
 * (`findProviderSecrets` runs those). `regex` has the `g` and `d` flags; its
 * named group `v` is the secret (the whole match when there is none), and
 * only `v` is replaced, so `password = "…"` keeps its key name.
 */
export interface SecretPattern {
  /** What the marker says was removed: `REDACTED_JWT`. */
  label: string;
  regex: RegExp;
  /** A second look at the secret, for patterns that are only a shape. */
  check?: (secret: string) => boolean;
}

const hasDigitAndLetter = (s: string): boolean =>
  /\d/.test(s) && /[A-Za-z]/.test(s);
const notPlaceholder = (s: string): boolean => !isPlaceholder(s);

// Key names whose value is a credential when it looks random. A key may carry
// a prefix or suffix (DB_PASSWORD, apiKeyProd) and may be quoted (JSON, YAML).
// It starts where a name starts, and its prefix and suffix are bounded:
// otherwise a 64 KB line of name characters takes quadratic time.
const KEY = String.raw`(?<![A-Za-z0-9_.-])["']?[A-Za-z0-9_.-]{0,64}(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?)[A-Za-z0-9_-]{0,64}["']?`;
const ASSIGN = String.raw`\s*(?:=|:=|:|=>)\s*`;

/**
 * What askcode redacts beyond secretlint's recommended rules: formats the
 * preset has no rule for, and shapes it reads more narrowly than a posted
 * answer needs (see `LEFT_OUT` in find-provider-secrets.ts). Where two
 * findings cover the same text, the preset's wins, then the earlier one
 * here, so a provider's name beats a generic `token = …`.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    label: "private key",
    // Any PEM private key label (RFC 7468, https://datatracker.ietf.org/doc/html/rfc7468#section-10;
    // OpenSSH, https://github.com/openssh/openssh-portable/blob/master/PROTOCOL.key),
    // encrypted ones with their header lines included. A whole block, or one
    // cut short (a tool result trimmed mid-key): its header lines and base64
    // lines, up to the first line that is neither.
    regex:
      /-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?:\s*(?:[A-Za-z0-9+/=\\]{16,}|[A-Za-z-]+: [^\n]*))*)/dg,
  },
  {
    label: "Google API key",
    // `AIza` and 35 more characters: https://cloud.google.com/docs/authentication/api-keys
    regex: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/dg,
  },
  {
    label: "Azure key",
    // The key in a storage account's connection string
    // (https://learn.microsoft.com/en-us/azure/storage/common/storage-configure-connection-string)
    // or a Service Bus / Event Hubs one
    // (https://learn.microsoft.com/en-us/azure/service-bus-messaging/service-bus-sas):
    // base64 after `AccountKey=` or `SharedAccessKey=`.
    regex:
      /\b(?:Account|SharedAccess)Key=(?<v>[A-Za-z0-9+/]{20,}={0,2})(?![A-Za-z0-9+/=])/dg,
    check: notPlaceholder,
  },
  {
    label: "Discord webhook",
    // https://discord.com/api/webhooks/{webhook.id}/{webhook.token}: the URL
    // is the credential (https://discord.com/developers/docs/resources/webhook#execute-webhook).
    regex:
      /https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d+)?\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{20,}/dg,
  },
  {
    label: "API key",
    // `sk-` keys of the OpenAI-compatible servers askcode talks to: DeepSeek
    // (https://api-docs.deepseek.com/), OpenRouter
    // (https://openrouter.ai/docs/api-reference/authentication) and others.
    // The preset knows only OpenAI's and Anthropic's exact formats.
    regex: /\bsk-[A-Za-z0-9_-]{20,}/dg,
    check: hasDigitAndLetter,
  },
  {
    label: "JWT",
    // header.payload.signature, each base64url; the first two are JSON
    // objects, so they start `eyJ` (https://datatracker.ietf.org/doc/html/rfc7519#section-3.1).
    regex: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/dg,
  },
  {
    label: "password",
    // scheme://user:password@host, any scheme, the user possibly empty
    // (`redis://:password@host`; userinfo,
    // https://datatracker.ietf.org/doc/html/rfc3986#section-3.2.1): keep the
    // user and host, drop the password.
    // The scheme starts where a word does, for the reason KEY does.
    regex:
      /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s:@/'"`]*:(?<v>[^\s@/'"`]+)@/dgi,
    check: notPlaceholder,
  },
  {
    label: "token",
    // Authorization: Bearer …, Basic … (https://datatracker.ietf.org/doc/html/rfc6750#section-2.1).
    regex: /\b(?:Bearer|Basic)\s+(?<v>[A-Za-z0-9._~+/-]{16,}=*)/dg,
    check: looksRandom,
  },
  {
    label: "secret",
    // key = "value", "key": 'value', key: `value`
    regex: new RegExp(
      String.raw`${KEY}${ASSIGN}(?<q>["'\x60])(?<v>[^"'\x60\s]{8,})\k<q>`,
      "dgi",
    ),
    check: looksRandom,
  },
  {
    label: "secret",
    // KEY=value in env files and shell; the value ends the token, so
    // `token = getToken()` is a call, not a value.
    regex: new RegExp(
      String.raw`${KEY}${ASSIGN}(?<v>[A-Za-z0-9+/=_.~-]{8,})(?=$|[\s,;&])`,
      "dgim",
    ),
    check: looksRandom,
  },
];
