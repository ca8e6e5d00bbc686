/**
 * The one rule for files askcode never reads, lists in a context or cites
 * (docs/architecture/overview.md, "Security model"): retrieval skips them, and so does anything
 * else that opens a file on the model's behalf.
 *
 * The rule errs on the side of not reading: a skipped file costs an answer a
 * little context, a file read by mistake can put a credential in a public
 * comment. Templates that exist to be committed (`.env.example`) are read,
 * because they document configuration and hold no values.
 */

// Names that are secrets whatever directory they are in (compared lowercased).
const SECRET_NAMES = new Set([
  ".env",
  ".netrc",
  "_netrc",
  ".npmrc",
  ".pypirc",
  ".pgpass",
  ".htpasswd",
  ".git-credentials",
  ".dockercfg",
  "credentials", // ~/.aws/credentials
  "terraform.tfstate",
  "terraform.tfstate.backup",
  // A system's accounts and their password hashes (passwd(5), shadow(5),
  // BSD's master.passwd): a copy in a repository is a dump of a machine.
  "passwd",
  "shadow",
  "gshadow",
  "master.passwd",
]);

// Extensions of key stores, certificates with keys, and password databases.
const SECRET_EXTENSIONS = new Set([
  "pem",
  "key",
  "p12",
  "pfx",
  "p8", // Apple's AuthKey_XXXX.p8
  "ppk", // PuTTY
  "keystore",
  "jks",
  "asc",
  "gpg",
  "kdbx",
  "tfstate",
  "ovpn",
]);

// Suffixes that mark a committed template rather than a real value file.
const TEMPLATE =
  /[.\-_](?:example|sample|template|dist|defaults?|tmpl|tpl)(?:\.[^.]*)?$/;

// SSH private keys (their `.pub` halves too: the pair is one thing to leave alone).
const SSH_KEY = /^id_(?:rsa|dsa|ecdsa|ed25519)(?:[._-].*)?$/;
// `.env`, `.env.production`, `production.env`.
const ENV_FILE = /^\.env(?:\.[^/]*)?$|^[^/]+\.env$/;
// `credentials.json`, `credentials-prod.json`, `gcp-credentials.json`, `service-account-key.json`.
const CREDENTIALS_JSON =
  /(?:^|[._-])credentials?[^/]*\.json$|^service[-_]?account[^/]*\.json$/;
// `secrets.yml`, `secrets.py`, `secret.json` (singular only for data formats:
// `secret.go` is far more often code about secrets than a file of them).
const SECRETS_FILE =
  /^secrets\.[^/]+$|^secret\.(?:json|ya?ml|toml|env|ini|conf|cfg|properties|txt)$/;

/**
 * True when `path` names a file that looks like it holds secrets: environment
 * files, private keys and key stores, credentials, package-manager and netrc
 * tokens, secrets files, Terraform state, passwd and shadow files. `.env.example`-style templates are
 * not secrets.
 *
 * @example
 * isSecretPath("config/.env.production") // true
 * isSecretPath(".env.example")           // false
 * isSecretPath("deploy/server.pem")      // true
 * isSecretPath("src/secret-files.ts")    // false
 */
export function isSecretPath(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  if (name === "") return false;
  const lower = path.toLowerCase();
  if (lower.endsWith(".docker/config.json") || /(?:^|\/)\.ssh\//.test(lower))
    return true;
  if (SSH_KEY.test(name)) return true;
  const template = TEMPLATE.test(name);
  if (SECRET_NAMES.has(name)) return true;
  if (ENV_FILE.test(name)) return !template;
  if (CREDENTIALS_JSON.test(name) || SECRETS_FILE.test(name)) return !template;
  const dot = name.lastIndexOf(".");
  if (dot > 0 && SECRET_EXTENSIONS.has(name.slice(dot + 1))) return !template;
  return false;
}
