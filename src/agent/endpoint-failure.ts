/** One failed call to the model endpoint, independent of the client library. */
export type EndpointFailure =
  | {
      kind: "status";
      status: number;
      /** What the server said, from its error body. */
      message: string;
      /** How long the server asked us to wait (`retry-after-ms`, `retry-after`). */
      retryAfterMs?: number;
    }
  | { kind: "timeout" }
  | { kind: "connection"; message: string }
  | { kind: "aborted" };

const TIMES = [
  "never",
  "once",
  "twice",
  "three times",
  "four times",
  "five times",
  "six times",
];

/** "once", "twice", "three times", …, "11 times". */
export function times(n: number): string {
  return TIMES[n] ?? `${n} times`;
}

/**
 * The `ModelError` message for the failures of one call, the last one
 * decisive: what the endpoint did, how often, and what a maintainer can do.
 * `maxRetryAfterMs` is given when the endpoint asked for a longer wait than we
 * allow.
 *
 * @example
 * failureMessage([429, 429, 429, 429].map((status) => ({ kind: "status", status, message: "Rate limit reached" })), { url: "https://api.openai.com/v1", model: "gpt-4o-mini", timeoutMs: 60_000 })
 * // 'The model endpoint at https://api.openai.com/v1 answered 429 four times; the last answer said "Rate limit reached". It is rate-limiting askcode: …'
 */
export function failureMessage(
  failures: readonly EndpointFailure[],
  endpoint: { url: string; model: string; timeoutMs: number },
  maxRetryAfterMs?: number,
): string {
  const last = failures[failures.length - 1] ?? { kind: "aborted" };
  const at = `The model endpoint at ${endpoint.url}`;
  const same = failures.filter((f) => sameFailure(f, last)).length;
  const often =
    same === failures.length
      ? times(same)
      : `${times(same)} (of ${failures.length} attempts)`;
  switch (last.kind) {
    case "aborted":
      return `The request to the model endpoint at ${endpoint.url} was cancelled.`;
    case "timeout":
      return (
        `${at} did not answer within ${seconds(endpoint.timeoutMs)}, ${often}. ` +
        "Check that the server is up and not overloaded, or raise the model timeout."
      );
    case "connection":
      return (
        `askcode could not connect to the model endpoint at ${endpoint.url}, ${often}; the last error was "${last.message}". ` +
        "Check OPENAI_BASE_URL and that the server is reachable from askcode."
      );
    case "status": {
      const said = last.message
        ? `; the last answer said "${last.message}"`
        : "";
      if (maxRetryAfterMs !== undefined && last.retryAfterMs !== undefined)
        return (
          `${at} answered ${last.status} and asked askcode to wait ${seconds(last.retryAfterMs)}, longer than the ${seconds(maxRetryAfterMs)} it waits${said}. ` +
          "Ask again later, or raise the endpoint's rate limits."
        );
      return `${at} answered ${last.status} ${often}${said}. ${advice(last.status, endpoint.model)}`;
    }
  }
}

function advice(status: number, model: string): string {
  if (status === 401) return "It rejected the API key: check OPENAI_API_KEY.";
  if (status === 403)
    return `It refused access: check that the API key may use the model "${model}".`;
  if (status === 404)
    return `Check the model name "${model}" and that OPENAI_BASE_URL points at the API root, usually ending in /v1 (for Ollama, http://localhost:11434/v1).`;
  if (status === 429)
    return "It is rate-limiting askcode: wait and ask again, or raise the endpoint's rate limits (fewer agent steps per question also helps).";
  if (status >= 500)
    return "The server is failing: check that it is up and the model is loaded, then ask again.";
  return "It rejected the request: check that the server supports chat completions with tools for this model.";
}

function sameFailure(a: EndpointFailure, b: EndpointFailure): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind === "status" && b.kind === "status"
    ? a.status === b.status
    : true;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * How long a server asked us to wait, in milliseconds: `retry-after-ms`
 * (OpenAI), else `retry-after` in seconds or as an HTTP date (RFC 9110
 * §10.2.3), measured from `now`.
 *
 * @example
 * parseRetryAfter(new Headers({ "retry-after": "2" }), Date.now()) // 2000
 */
export function parseRetryAfter(
  headers: Headers | undefined,
  now: number,
): number | undefined {
  const ms = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const value = headers?.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(?:\.\d+)?$/.test(value))
    return Math.round(Number.parseFloat(value) * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/**
 * The endpoint as messages and logs show it: no credentials, no query.
 *
 * @example
 * describeEndpointURL("https://user:pw@llm.internal/v1/?key=x") // "https://llm.internal/v1"
 */
export function describeEndpointURL(baseURL: string): string {
  try {
    const url = new URL(baseURL);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, "")}`;
  } catch {
    return baseURL;
  }
}
