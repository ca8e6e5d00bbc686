import {
  faultOfStatus,
  faultOfThrown,
} from "../../../../src/code-host/github/github-fault.js";

const API = "http://127.0.0.1:9/api/v3";

/** What undici throws for a fetch that got no answer: `TypeError("fetch failed")` with the system error as its cause. */
function fetchFailed(code: string, extra: object = {}) {
  return new TypeError("fetch failed", {
    cause: Object.assign(new Error(`${code} something`), { code, ...extra }),
  });
}

describe("faultOfThrown", () => {
  it.each([
    ["ECONNREFUSED", "connection refused (ECONNREFUSED) at http://127.0.0.1:9"],
    ["ENOTFOUND", "DNS lookup failed (ENOTFOUND) at http://127.0.0.1:9"],
    ["EAI_AGAIN", "DNS lookup failed (EAI_AGAIN) at http://127.0.0.1:9"],
    ["ECONNRESET", "connection reset (ECONNRESET) at http://127.0.0.1:9"],
    [
      "UND_ERR_CONNECT_TIMEOUT",
      "connection timed out (UND_ERR_CONNECT_TIMEOUT) at http://127.0.0.1:9",
    ],
    [
      "CERT_HAS_EXPIRED",
      "TLS handshake failed (CERT_HAS_EXPIRED) at http://127.0.0.1:9",
    ],
    [
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      "TLS handshake failed (DEPTH_ZERO_SELF_SIGNED_CERT) at http://127.0.0.1:9",
    ],
    [
      "ERR_TLS_CERT_ALTNAME_INVALID",
      "TLS handshake failed (ERR_TLS_CERT_ALTNAME_INVALID) at http://127.0.0.1:9",
    ],
  ])("names %s", (code, detail) => {
    expect(faultOfThrown(fetchFailed(code), `${API}/app`)).toStrictEqual({
      kind: "unreachable",
      detail,
    });
  });

  it("reads the code of every address's error when all of a host's addresses failed", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED ::1:9"), {
      code: "ECONNREFUSED",
    });
    const error = new TypeError("fetch failed", {
      cause: new AggregateError([refused, refused]),
    });
    expect(faultOfThrown(error, `${API}/app`)?.detail).toBe(
      "connection refused (ECONNREFUSED) at http://127.0.0.1:9",
    );
  });

  it("keeps the message of a cause it has no name for", () => {
    expect(
      faultOfThrown(
        new TypeError("fetch failed", {
          cause: new Error("other side closed"),
        }),
        `${API}/app`,
      ),
    ).toStrictEqual({
      kind: "unreachable",
      detail: "no answer from http://127.0.0.1:9: other side closed",
    });
  });

  it("is not a fault when askcode itself aborted the request (the run's deadline)", () => {
    expect(
      faultOfThrown(new DOMException("timed out", "TimeoutError"), API),
    ).toBeUndefined();
    expect(
      faultOfThrown(new DOMException("aborted", "AbortError"), API),
    ).toBeUndefined();
  });
});

describe("faultOfStatus", () => {
  const tokenUrl = `${API}/app/installations/42/access_tokens`;

  it("names a 401 to the app with its id and what to check", () => {
    expect(faultOfStatus(401, "POST", tokenUrl, { appId: 7 })).toStrictEqual({
      kind: "credentials",
      detail:
        "GitHub answered 401 to app 7's POST /app/installations/42/access_tokens: it refused the app's credentials; check APP_ID and the private key",
    });
    expect(faultOfStatus(401, "GET", `${API}/app`, { appId: 7 })?.kind).toBe(
      "credentials",
    );
  });

  it("names a 404 to a token request with the installation", () => {
    expect(faultOfStatus(404, "POST", tokenUrl, { appId: 7 })).toStrictEqual({
      kind: "installation",
      detail:
        "GitHub answered 404 to app 7's token request for installation 42: the app is not installed there (uninstalled, or APP_ID names another app)",
    });
  });

  it("names a 5xx with the request", () => {
    expect(
      faultOfStatus(502, "GET", `${API}/repos/o/r/contents/a.py`, {}),
    ).toStrictEqual({
      kind: "server-error",
      detail: "GitHub answered 502 to GET /repos/o/r/contents/a.py",
    });
  });

  it.each([
    [200, `${API}/repos/o/r`],
    [304, `${API}/repos/o/r`],
    // A path the model guessed, a repository the app may not read: the run's to handle.
    [404, `${API}/repos/o/r/contents/nope.py`],
    [403, `${API}/repos/o/r/issues/1/comments`],
    [401, `${API}/repos/o/r`],
  ])("is not a fault for %i from %s", (status, url) => {
    expect(faultOfStatus(status, "GET", url, { appId: 7 })).toBeUndefined();
  });
});
