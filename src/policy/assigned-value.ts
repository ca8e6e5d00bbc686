import { isPlaceholder } from "./looks-random.js";

/**
 * True when a string literal given to a secret-named key is a credential
 * (docs/architecture/overview.md, "Security model"): any value, however short
 * or plain (`"hunter2"`), except what stands for a value without being one:
 * empty or blank, a placeholder (`"<your-token>"`, `"changeme"`,
 * `"${DB_PASSWORD}"`, `"xxxx"`), a template that builds the value from
 * others (`` `Bearer ${token}` ``), or text for people (`"Mot de passe"`, a
 * label in a translation file: capitalised words and spaces).
 *
 * `changeme` and its kind stay: they are the documented defaults of public
 * software, and an answer that explains a config file may need to say so.
 *
 * @example
 * isAssignedSecret("hunter2")        // true
 * isAssignedSecret("${DB_PASSWORD}") // false
 * isAssignedSecret("Enter your password") // false
 */
export function isAssignedSecret(value: string): boolean {
  const v = value.trim();
  if (v === "" || isPlaceholder(v)) return false;
  if (/\$\{|\{\{|\$\(|#\{/.test(v)) return false;
  return !UI_TEXT.test(v);
}

// Two or more words, the first capitalised, and nothing but letters,
// spaces and sentence punctuation: a label or a prompt.
const UI_TEXT = /^\p{Lu}\p{Ll}*(?:[ '’-]+\p{L}+)+[.:!?…]*$/u;

/**
 * The same test for a key that may name a mechanism rather than hold a
 * credential (`auth`, `credentials`): a mechanism's name is not a secret.
 *
 * @example
 * isSchemeSecret("include")        // false (fetch's credentials mode)
 * isSchemeSecret("admin:hunter2")  // true
 */
export function isSchemeSecret(value: string): boolean {
  return (
    isAssignedSecret(value) && !SCHEME_NAMES.has(value.trim().toLowerCase())
  );
}

// Modes of fetch's `credentials`, HTTP authentication schemes, and the
// methods database and message servers take.
const SCHEME_NAMES = new Set([
  "include",
  "omit",
  "same-origin",
  "basic",
  "bearer",
  "digest",
  "negotiate",
  "ntlm",
  "kerberos",
  "oauth",
  "oauth2",
  "oidc",
  "jwt",
  "session",
  "cookie",
  "apikey",
  "api-key",
  "api_key",
  "key",
  "hmac",
  "plain",
  "login",
  "md5",
  "scram-sha-256",
  "trust",
  "peer",
  "ident",
  "cert",
  "iam",
  "required",
  "optional",
  "true",
  "false",
  "on",
  "off",
  "yes",
  "no",
]);

/**
 * True when an unquoted value after a secret-named key is code, not a
 * value: a call, a reference (`settings.SECRET_KEY`, `os.environ[...]`), a
 * name (`user_password`, `SECRET_KEY`), a type (`str`, `Optional[str]`,
 * `SecretStr`), a keyword, a number, or a block of its own (`{`, `|`).
 * Only asked where the syntax does not say (code or prose); in a config
 * file every value is a value.
 *
 * @example
 * isCodeValue("tokenizer.next()") // true
 * isCodeValue("str")              // true
 * isCodeValue("hunter2")          // false
 */
export function isCodeValue(value: string): boolean {
  const v = value.replace(/[;,]$/, "").trim();
  return (
    v === "" ||
    /[()[\]{}<>|&=!?]/.test(v) ||
    /^[\d.,_]+$/.test(v) ||
    TYPE_OR_KEYWORD.test(v) ||
    // snake_case, camelCase, PascalCase and CONSTANT_CASE names, dotted or not.
    /^[A-Za-z_$][A-Za-z_$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(v) ||
    /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(v)
  );
}

const TYPE_OR_KEYWORD =
  /^(?:str|string|int|integer|number|float|bool|boolean|bytes|any|unknown|object|none|null|nil|undefined|true|false|self|this|void|char|u8|i32|i64|usize)$/i;
