import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The probes' routes while askcode is in Probot's setup mode (no app
 * registered yet), so an orchestrator sees why it is not ready instead of a
 * 404: `GET /healthz` 200 (the process serves requests), `GET /readyz` and
 * `GET /metrics` 503 with what to set. Any other request is left to the
 * setup flow (a Probot `Server` handler returns false to pass it on).
 *
 * @example
 * server.addHandler(createSetupRoutes({ notConfigured: "setup: not configured: set APP_ID (…)" }))
 */
export function createSetupRoutes(options: { notConfigured: string }) {
  return function setupRoutes(
    request: IncomingMessage,
    response: ServerResponse,
  ): boolean {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const path = new URL(request.url ?? "/", "http://askcode.invalid").pathname;
    if (path === "/healthz") return text(unlogged(response), 200, "ok\n");
    if (path === "/readyz" || path === "/metrics")
      return text(unlogged(response), 503, `${options.notConfigured}\n`);
    return false;
  };
}

/**
 * Probot's `Server` logs every response through pino-http, a 5xx as an
 * error with a 13-line stack ("failed with status code 503"): a readiness
 * probe asking every few seconds would fill the log with the same stack.
 * The cause is logged once, when setup mode starts; a probe's answer is
 * not logged. pino-http hands each response its own child logger
 * (`res.log`, the one its finish handler writes to), so silencing it
 * silences this response only.
 */
function unlogged(response: ServerResponse): ServerResponse {
  const log = (response as { log?: { level: string } }).log;
  if (log) log.level = "silent";
  return response;
}

function text(response: ServerResponse, status: number, body: string) {
  response
    .writeHead(status, { "content-type": "text/plain; charset=utf-8" })
    .end(body);
  return true;
}
