import type { IncomingMessage, ServerResponse } from "node:http";
import {
  MAX_DELIVERY_BYTES,
  screenWebhookDelivery,
} from "./screen-webhook-delivery.js";

/** Prometheus text for `/metrics`; a prom-client `Registry` is one. */
export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

/** Probot's webhook middleware (`createNodeMiddleware`): true when it answered. */
export type WebhookMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
) => boolean | void | Promise<boolean | void>;

export interface RequestHandlerOptions {
  webhooks: WebhookMiddleware;
  /** Where GitHub posts deliveries (`WEBHOOK_PATH`). */
  webhookPath: string;
  /** The app's webhook secret: a delivery signed otherwise is refused here. */
  webhookSecret: string;
  /** The largest delivery body taken (bytes; GitHub's cap, 25 MiB, by default). */
  maxDeliveryBytes?: number;
  metrics: MetricsSource;
  /** True once a shutdown began: no new work is taken. */
  stopping(): boolean;
  /** What a dependency askcode needs fails with ("github: unreachable since …"), if anything. */
  problem?(): string | undefined;
  log: {
    error(meta: object, message: string): void;
    warn(meta: object, message: string): void;
  };
}

/**
 * askcode's HTTP routes:
 *
 * - `GET /healthz`: liveness, 200 while the process serves requests;
 * - `GET /readyz`: 200 while askcode takes new work, 503 once it is stopping,
 *   or naming the dependency that fails (GitHub unreachable, refusing the
 *   app's credentials or failing with 5xx, over several requests in a row);
 * - `GET /metrics`: the metrics in Prometheus' text format;
 * - `GET /ping`: Probot's liveness route, kept for existing probes;
 * - `POST <WEBHOOK_PATH>`, and `POST /`: GitHub's deliveries, through
 *   Probot (signature check, then the handlers). `/` is the hook URL
 *   Probot's manifest flow registers when it has no proxy channel. While
 *   stopping, deliveries get 503, so GitHub records them as failed and they
 *   can be redelivered to the next process instead of being lost. A
 *   delivery that is too large (413) or not signed with the app's secret
 *   (400) is refused before Probot, with one log line that never holds its
 *   body.
 */
export function createRequestHandler(options: RequestHandlerOptions) {
  return async function handleRequest(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const path = new URL(request.url ?? "/", "http://askcode.invalid").pathname;
    const method = request.method ?? "GET";
    try {
      if (method === "POST" && (path === options.webhookPath || path === "/")) {
        if (options.stopping()) {
          // The body is not read: close the connection rather than reuse it.
          response.setHeader("connection", "close");
          return text(
            response,
            503,
            "askcode is shutting down; redeliver this webhook to the next instance.\n",
          );
        }
        const maxBytes = options.maxDeliveryBytes ?? MAX_DELIVERY_BYTES;
        const screened = await screenWebhookDelivery(request, {
          secret: options.webhookSecret,
          maxBytes,
        });
        if (!screened.ok) {
          options.log.warn(
            {
              deliveryId: request.headers["x-github-delivery"],
              event: request.headers["x-github-event"],
              reason: screened.reason,
              bytes: screened.bytes,
            },
            "webhook delivery refused",
          );
          if (screened.status === 413)
            response.setHeader("connection", "close");
          return text(
            response,
            screened.status,
            screened.status === 413
              ? `The delivery is larger than ${maxBytes} bytes.\n`
              : "The delivery is not signed with this app's webhook secret.\n",
          );
        }
        // Probot's webhook middleware takes a string body as already read.
        Object.assign(request, { body: screened.body });
        request.url = options.webhookPath;
        if (await options.webhooks(request, response)) return;
        return text(response, 404, "Not found\n");
      }
      if (method === "GET" || method === "HEAD") {
        switch (path) {
          case "/healthz":
            return text(response, 200, "ok\n");
          case "/readyz": {
            if (options.stopping()) return text(response, 503, "stopping\n");
            const problem = options.problem?.();
            return problem
              ? text(response, 503, `not ready: ${problem}\n`)
              : text(response, 200, "ready\n");
          }
          case "/ping":
            return text(response, 200, "PONG");
          case "/metrics": {
            const body = await options.metrics.metrics();
            response
              .writeHead(200, { "content-type": options.metrics.contentType })
              .end(method === "HEAD" ? undefined : body);
            return;
          }
        }
      }
      return text(response, 404, "Not found\n");
    } catch (error) {
      options.log.error(
        { err: error, method, path },
        "askcode could not answer an HTTP request",
      );
      if (!response.headersSent) text(response, 500, "Internal error\n");
      else response.destroy();
    }
  };
}

function text(response: ServerResponse, status: number, body: string): void {
  response
    .writeHead(status, { "content-type": "text/plain; charset=utf-8" })
    .end(body);
}
