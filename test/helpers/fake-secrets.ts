import { seededRandom } from "./seeded-random.js";

// Fake credentials in each provider's documented shape (prefix, length,
// alphabet), filled from a seeded generator at run time: the same strings on
// every run, and none written out in the repository for a secret scanner
// (or GitHub's push protection) to stop.

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LETTERS = UPPER + UPPER.toLowerCase();
const DIGITS = "0123456789";
const BASE62 = LETTERS + DIGITS;
const BASE64 = BASE62 + "+/";
const BASE64URL = BASE62 + "-_";
const HEX = DIGITS + "abcdef";

const random = seededRandom(20_240_607);
const from = (alphabet: string, length: number): string =>
  Array.from({ length }, () => random.pick([...alphabet])).join("");

export const FAKE = {
  /** `ghp_` and 36 base62 characters: https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/ */
  githubClassic: "ghp_" + from(BASE62, 36),
  /** An installation token, what askcode itself holds: `ghs_` and 36 (same source). */
  githubInstallation: "ghs_" + from(BASE62, 36),
  /** `github_pat_`, 22 characters, `_`, 59 characters: https://docs.github.com/en/code-security/secret-scanning/introduction/supported-secret-scanning-patterns (`github_fine_grained_personal_access_token`). */
  githubFineGrained: "github_pat_" + from(BASE62, 22) + "_" + from(BASE62, 59),
  /** `sk-proj-`, 74, `T3BlbkFJ` (base64 of "OpenAI"), 74: the format secretlint's OpenAI rule documents. */
  openaiProject: "sk-proj-" + from(BASE62, 74) + "T3BlbkFJ" + from(BASE62, 74),
  /** A DeepSeek key: `sk-` and 32 hex digits (https://api-docs.deepseek.com/). */
  openaiCompatible: "sk-" + from(HEX, 32),
  /** `AKIA` and 16 capitals or digits, like AWS's `AKIAIOSFODNN7EXAMPLE`: https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids */
  awsAccessKeyId: "AKIA" + from(UPPER + DIGITS, 16),
  /** 40 base64 characters, like AWS's `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` (same page); ends in a letter as real ones mostly do. */
  awsSecretKey: from(BASE64, 39) + from(LETTERS, 1),
  /** `xoxb-`, team and bot ids, 24 characters, like Slack's `xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy`: https://api.slack.com/authentication/token-types */
  slackBot: `xoxb-${from(DIGITS, 11)}-${from(DIGITS, 11)}-${from(BASE62, 24)}`,
  /** https://hooks.slack.com/services/T…/B…/…: https://api.slack.com/messaging/webhooks */
  slackWebhook: `https://hooks.slack.com/services/T${from(UPPER + DIGITS, 8)}/B${from(UPPER + DIGITS, 8)}/${from(BASE62, 24)}`,
  /** `sk_live_` and 24 base62, the length of Stripe's sample keys: https://docs.stripe.com/keys */
  stripeSecret: "sk_live_" + from(BASE62, 24),
  /** `rk_live_` and 24 (same page). */
  stripeRestricted: "rk_live_" + from(BASE62, 24),
  /** `AIza` and 35 base64url characters: https://cloud.google.com/docs/authentication/api-keys */
  googleApiKey: "AIza" + from(BASE64URL, 34) + from(BASE62, 1),
  /** `npm_` and 36 base62: https://github.blog/2021-09-23-announcing-npms-new-access-token-format/ */
  npm: "npm_" + from(BASE62, 36),
  /** `glpat-` and 20 characters: https://docs.gitlab.com/security/tokens/ */
  gitlab: "glpat-" + from(BASE62, 20),
  /** `hf_` and 34 letters: https://huggingface.co/docs/hub/security-tokens */
  huggingFace: "hf_" + from(LETTERS, 34),
  /** `SG.`, 22, `.`, 43: 69 characters in all (https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys). */
  sendgrid: `SG.${from(BASE62, 22)}.${from(BASE62, 43)}`,
  /** A storage account key: 64 bytes in base64, 88 characters: https://learn.microsoft.com/en-us/azure/storage/common/storage-configure-connection-string */
  azureAccountKey: from(BASE64, 86) + "==",
  /** A Service Bus / Event Hubs key: 32 bytes in base64: https://learn.microsoft.com/en-us/azure/service-bus-messaging/service-bus-sas */
  azureSharedAccessKey: from(BASE64, 43) + "=",
  /** https://discord.com/api/webhooks/{id}/{token}, a snowflake id and a 68-character token: https://discord.com/developers/docs/resources/webhook */
  discordWebhook: `https://discord.com/api/webhooks/${from("123456789", 1)}${from(DIGITS, 18)}/${from(BASE64URL, 67)}${from(BASE62, 1)}`,
  /** A PKCS #8 body (RFC 7468 §10): base64 of a DER SEQUENCE, so it starts `MII`, in 64-character lines. */
  privateKeyBody: [
    "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" + from(BASE64, 32),
    from(BASE64, 64),
    from(BASE64, 64),
    from(BASE64, 20) + "==",
  ],
  /** A random 24-character value for `key = …` assignments. */
  value: from(BASE62, 24),
};
