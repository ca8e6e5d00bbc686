import { createPrivateKey } from "node:crypto";
import { ConfigError } from "../shared/errors.js";

export interface PrivateKeySource {
  env: Readonly<Record<string, string | undefined>>;
  /** Reads `PRIVATE_KEY_PATH` (node:fs `readFileSync(path, "utf8")` in production). */
  readFile(path: string): string;
  /** This process's user id, named when the key file is not readable (`process.getuid()`). */
  uid?: number;
}

export interface PrivateKey {
  /** The PEM, ending in a line break. */
  pem: string;
  /** Said once at start when PRIVATE_KEY was set too and is not used. */
  notice?: string;
}

const PEM_BLOCK =
  /-----BEGIN ([A-Z ]*PRIVATE KEY)-----[\s\S]*?-----END \1-----/;

/**
 * The GitHub App's private key, from a file (`PRIVATE_KEY_PATH`, a mounted
 * secret) or a value (`PRIVATE_KEY`). When both are set the file wins, and
 * the notice says so: a `.env` from Probot's manifest flow holds
 * `PRIVATE_KEY`, and the container's documented command adds
 * `PRIVATE_KEY_PATH` for a key mounted on purpose. The value is taken as people and tools
 * write it: the PEM itself, the PEM inside quotes (`docker run --env-file`
 * keeps the quotes Probot's setup writes), with `\n` escapes for line breaks,
 * or base64 (as Probot accepts). Undefined when neither is set. A key that is
 * not a readable private key stops the start with what was wrong; the key
 * itself is never part of the message.
 *
 * @example
 * readPrivateKey({ env: { PRIVATE_KEY: '"-----BEGIN RSA PRIVATE KEY-----\\nMIIE…"' }, readFile })
 * // { pem: "-----BEGIN RSA PRIVATE KEY-----\nMIIE…" }
 */
export function readPrivateKey(
  source: PrivateKeySource,
): PrivateKey | undefined {
  const value = source.env.PRIVATE_KEY?.trim() || undefined;
  const path = source.env.PRIVATE_KEY_PATH?.trim() || undefined;
  if (path) {
    const pem = checkedKey(
      readKeyFile(source, path),
      `the file at PRIVATE_KEY_PATH=${JSON.stringify(path)}`,
    );
    return value
      ? {
          pem,
          notice: `PRIVATE_KEY and PRIVATE_KEY_PATH are both set: askcode uses the key file at PRIVATE_KEY_PATH=${JSON.stringify(path)} and ignores PRIVATE_KEY.`,
        }
      : { pem };
  }
  if (value) return { pem: checkedKey(unwrapValue(value), "PRIVATE_KEY") };
  return undefined;
}

function readKeyFile(source: PrivateKeySource, path: string): string {
  try {
    return source.readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `askcode cannot start: PRIVATE_KEY_PATH=${JSON.stringify(path)} cannot be read`;
    const uid = source.uid ?? process.getuid?.();
    // The image runs as uid 1000, and a key file the host made for its own
    // user is usually mode 600: the usual first-start failure in a container.
    if (code === "EACCES" || code === "EPERM")
      throw new ConfigError(
        `${where} by this process (uid ${uid ?? "unknown"}): permission denied. Make the file readable by uid ${uid ?? "of the process"}: chmod 0644 the key file on the host (or chown it to uid ${uid ?? "of the process"}), or mount it as a secret with mode 0444.`,
        { cause: error },
      );
    // `docker run -v "$PWD/askcode.pem:…"` with no such file on the host makes
    // Docker create a directory there (root-owned, in the clone) and mount it:
    // the usual first start before the key is downloaded.
    if (code === "EISDIR")
      throw new ConfigError(
        `${where}: it is a directory, not the key file. Docker makes an empty directory when -v mounts a host file that does not exist: download the app's private key (the GitHub App's settings page, "Generate a private key"), remove the directory Docker made on the host (it is root's), put the .pem file in its place and start again; \`--mount type=bind,source=…,target=…,readonly\` refuses a missing file instead of making a directory.`,
        { cause: error },
      );
    throw new ConfigError(
      `${where} (${code ?? (error as Error).message}). Give the path of the .pem file GitHub generated for the app.`,
      { cause: error },
    );
  }
}

/** The PEM inside one pair of surrounding quotes, with `\n` escapes turned into line breaks. */
function unwrapValue(value: string): string {
  const unquoted = /^(["'])([\s\S]*)\1$/.exec(value)?.[2] ?? value;
  const text = unquoted.replace(/\\r\\n|\\n/g, "\n");
  if (text.includes("-----BEGIN")) return text;
  // Probot also accepts the whole PEM base64-encoded, for one-line secret stores.
  const decoded = Buffer.from(text, "base64").toString("utf8");
  return decoded.includes("-----BEGIN") ? decoded : text;
}

function checkedKey(text: string, where: string): string {
  const cannot = `askcode cannot start: ${where} is not a usable GitHub App private key`;
  const block = PEM_BLOCK.exec(text);
  if (!block) {
    const hint =
      /-----BEGIN [A-Z ]*PUBLIC KEY-----|-----BEGIN CERTIFICATE-----/.test(text)
        ? "it holds a public key or certificate, not the private key"
        : text.includes("-----BEGIN")
          ? "its -----BEGIN … PRIVATE KEY----- line has no matching -----END line"
          : "it has no -----BEGIN … PRIVATE KEY----- line";
    throw new ConfigError(`${cannot}: ${hint}. ${REMEDY}`);
  }
  const pem = block[0];
  let type: string | undefined;
  try {
    type = createPrivateKey(pem).asymmetricKeyType;
  } catch (error) {
    // OpenSSL's reason names the failure ("bad base64 decode", …), never the key.
    throw new ConfigError(
      `${cannot}: the text between its BEGIN and END lines does not decode as a ${block[1]} (${(error as Error).message}). ${REMEDY}`,
      { cause: error },
    );
  }
  if (type !== "rsa")
    throw new ConfigError(
      `${cannot}: it is a${type ? ` ${type.toUpperCase()}` : "n unknown"} key, and GitHub App keys are RSA. ${REMEDY}`,
    );
  return `${pem}\n`;
}

const REMEDY =
  "Use the .pem file GitHub generated for the app: as PRIVATE_KEY_PATH, or its contents as PRIVATE_KEY (quoted, or with \\n for line breaks).";
