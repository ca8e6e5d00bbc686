/**
 * Why a request to GitHub failed, in the words an operator acts on:
 *
 * - `unreachable`: no answer came (DNS, a refused or reset connection, TLS, a
 *   connect timeout); nothing askcode sends gets through, comments included;
 * - `server-error`: GitHub answered 5xx;
 * - `credentials`: GitHub answered 401 to the app itself (its JWT, or an
 *   installation token request): `APP_ID` or the private key is wrong;
 * - `installation`: GitHub answered 404 to an installation token request:
 *   the app is not installed there (any more).
 *
 * Other answers (a 404 for a path the model guessed, a 403 for one
 * repository) are the run's to handle, not a fault of GitHub or of the app's
 * setup, and are not named here.
 */
export interface GitHubFault {
  kind: "unreachable" | "server-error" | "credentials" | "installation";
  /** What failed, for the log: the cause and where, never a token. */
  detail: string;
}

// node:dns and node:net codes, undici's, and OpenSSL's certificate errors
// (https://nodejs.org/api/errors.html#common-system-errors,
// https://nodejs.org/api/tls.html#x509-certificate-error-codes).
const CAUSES: ReadonlyArray<[RegExp, string]> = [
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/, "DNS lookup failed"],
  [/^ECONNREFUSED$/, "connection refused"],
  [/^(ECONNRESET|EPIPE|UND_ERR_SOCKET)$/, "connection reset"],
  [/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)$/, "connection timed out"],
  [/^(EHOSTUNREACH|ENETUNREACH|ENETDOWN)$/, "network unreachable"],
  [
    /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HOSTNAME_MISMATCH)/,
    "TLS handshake failed",
  ],
];

/**
 * The fault a fetch that threw stands for: `unreachable` with its cause
 * (undici's `TypeError: fetch failed` keeps the system error in `cause`,
 * an `AggregateError` when every address of the host failed). An abort
 * (the run's deadline) is askcode's own doing: undefined.
 *
 * @example
 * faultOfThrown(new TypeError("fetch failed", { cause: refused }), url)
 * // { kind: "unreachable", detail: "connection refused (ECONNREFUSED) at http://127.0.0.1:9" }
 */
export function faultOfThrown(
  error: unknown,
  url: string,
): GitHubFault | undefined {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "AbortError" || name === "TimeoutError") return undefined;
  const code = codeOf(error);
  const cause = code && CAUSES.find(([pattern]) => pattern.test(code))?.[1];
  const where = originOf(url);
  return {
    kind: "unreachable",
    detail: cause
      ? `${cause} (${code}) at ${where}`
      : `no answer from ${where}: ${messageOf(error)}`,
  };
}

/**
 * The fault GitHub's answer stands for, or undefined for an answer that is
 * not one (2xx, 3xx, and the 4xx a run handles).
 *
 * @example
 * faultOfStatus(401, "POST", "https://api.github.com/app/installations/9/access_tokens", { appId: 1 })
 * // { kind: "credentials", detail: "GitHub answered 401 to app 1's … check APP_ID and the private key" }
 */
export function faultOfStatus(
  status: number,
  method: string,
  url: string,
  app: { appId?: number | string },
): GitHubFault | undefined {
  const path = pathOf(url);
  const installation = /\/app\/installations\/(\d+)\/access_tokens$/.exec(
    path,
  )?.[1];
  if (status >= 500)
    return {
      kind: "server-error",
      detail: `GitHub answered ${status} to ${method} ${path}`,
    };
  const appName =
    app.appId === undefined ? "the app" : `app ${String(app.appId)}`;
  if (status === 401 && (installation || /\/app(\/|$)/.test(path)))
    return {
      kind: "credentials",
      detail: `GitHub answered 401 to ${appName}'s ${method} ${path}: it refused the app's credentials; check APP_ID and the private key`,
    };
  if (status === 404 && installation)
    return {
      kind: "installation",
      detail: `GitHub answered 404 to ${appName}'s token request for installation ${installation}: the app is not installed there (uninstalled, or APP_ID names another app)`,
    };
  return undefined;
}

function codeOf(error: unknown): string | undefined {
  // undici keeps the system error in `cause`; an AggregateError (every
  // address of the host failed) keeps one per address in `errors`.
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e =
      (e as { cause?: unknown }).cause ??
      (e as { errors?: unknown[] }).errors?.[0];
  }
  return undefined;
}

function messageOf(error: unknown): string {
  let e = error as { message?: unknown; cause?: unknown } | undefined;
  while (e?.cause) e = e.cause as typeof e;
  return String(e?.message ?? e);
}

function originOf(url: string): string {
  return new URL(url).origin;
}

function pathOf(url: string): string {
  return new URL(url).pathname.replace(/^\/api\/v3/, "");
}
