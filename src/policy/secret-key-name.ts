import { identifierParts } from "../text/split-identifier.js";

/**
 * How much a key's name says about the value assigned to it:
 * - `"named"`: the name says the value is a credential (`DB_PASSWORD`,
 *   `apiKey`, `client_secret`, `PGPASSWORD`), so any literal is one;
 * - `"scheme"`: the name may hold a credential or the name of a mechanism
 *   (`auth: "basic"`, `credentials: "include"`);
 * - `undefined`: the name says nothing (`token_type`, `secretName`,
 *   `max_tokens`, `tokenizer`, `password_field`).
 *
 * The name is split into words (snake, kebab, dotted and camelCase), and
 * only its last word counts, after qualifiers such as `_prod` or `_2`: a
 * word after the secret's (`_type`, `_name`, `_url`, `_length`) names
 * something about the secret, not the secret.
 *
 * @example
 * secretKeyKind("DB_PASSWORD")      // "named"
 * secretKeyKind("this.apiKeyProd")  // "named"
 * secretKeyKind("auth")             // "scheme"
 * secretKeyKind("token_type")       // undefined
 */
export function secretKeyKind(name: string): "named" | "scheme" | undefined {
  const words = identifierParts(name);
  while (words.length > 1 && QUALIFIERS.test(words.at(-1)!)) words.pop();
  const last = words.at(-1);
  if (last === undefined) return undefined;
  const prefixed = words.length > 1;
  if (SECRET_WORDS.has(last) || (prefixed && PREFIXED_SECRET_WORDS.has(last)))
    return "named";
  if (last === "key" && prefixed && KEY_KINDS.has(words.at(-2)!))
    return "named";
  // `PGPASSWORD`, `MYTOKEN`: a name in capitals with no separators.
  if (GLUED_SECRET.test(last)) return "named";
  if (SCHEME_WORDS.has(last)) return "scheme";
  return undefined;
}

// The last word of a name that holds a credential.
const SECRET_WORDS = new Set([
  "password",
  "passwd",
  "passphrase",
  "secret",
  "token",
  "apikey",
  "credential",
]);
// Too short to stand alone (`pwd` is the working directory in a shell,
// `pass` a Python keyword), but a credential after another word (`DB_PASS`).
const PREFIXED_SECRET_WORDS = new Set(["pwd", "pass", "pw"]);
// `…_key` is a credential only after one of these (a `sort_key`,
// `cache_key` or `primary_key` is not).
const KEY_KINDS = new Set([
  "api",
  "access",
  "secret",
  "private",
  "auth",
  "encryption",
  "signing",
  "master",
  "license",
  "account",
]);
const GLUED_SECRET = /^[a-z]+(?:password|passwd|secret|token|apikey)$/;
const SCHEME_WORDS = new Set(["auth", "credentials", "authorization"]);
// Words after the secret's that do not change what it is: where it is used.
const QUALIFIERS =
  /^(?:\d+|prod|production|dev|development|staging|stage|test|testing|live|local|default|value|raw|plain|plaintext|old|new|current)$/;
