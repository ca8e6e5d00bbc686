import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/** One route of a loopback server: method, path pattern, a name to count it under, its handler. */
export interface Route {
  method: string;
  pattern: RegExp;
  /** What the traffic counts are kept under ("tarball", "search/code", …). */
  name: string;
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    match: RegExpMatchArray,
    url: URL,
  ): void | Promise<void>;
}

/** Requests, response body bytes and serving time per route name. */
export interface RouteTraffic {
  requests: number;
  bytes: number;
  /** Milliseconds from a request's arrival to its response's end, summed. */
  ms: number;
}

export interface RouteServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  /** Every request served, as "METHOD /path" (query left out). */
  requests: string[];
  /** Traffic per route name, counted as responses finish ("unmatched" for 404s no route knew). */
  traffic: Map<string, RouteTraffic>;
  close(): Promise<void>;
}

/**
 * Serves `routes` on loopback, first match wins, and counts each route's
 * requests, response bytes and time: the stand-ins' measure of what a
 * client downloaded. `before` runs ahead of routing (the smoke stand-in
 * holds requests there).
 *
 * @example
 * const server = await startRouteServer({ routes: [{ method: "GET", pattern: /^\/$/, name: "root", handle: (_q, res) => res.end("hi") }] });
 * server.traffic.get("root") // { requests: 1, bytes: 2, ms: 0.4 } after one GET /
 */
export async function startRouteServer(options: {
  routes: () => readonly Route[];
  port?: number;
  /** The address to listen on (default 127.0.0.1); the origin names it. */
  host?: string;
  before?: (request: string) => Promise<void>;
}): Promise<RouteServer> {
  const requests: string[] = [];
  const traffic = new Map<string, RouteTraffic>();
  const count = (name: string, bytes: number, ms: number) => {
    const seen = traffic.get(name) ?? { requests: 0, bytes: 0, ms: 0 };
    seen.requests++;
    seen.bytes += bytes;
    seen.ms += ms;
    traffic.set(name, seen);
  };
  const server = createServer(async (req, res) => {
    const arrived = performance.now();
    const url = new URL(req.url ?? "/", "http://stand-in");
    const request = `${req.method} ${url.pathname}`;
    requests.push(request);
    await options.before?.(request);
    const route = options
      .routes()
      .find((r) => r.method === req.method && r.pattern.test(url.pathname));
    let bytes = 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const measure = (chunk: unknown) => {
      if (typeof chunk === "string") bytes += Buffer.byteLength(chunk);
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      measure(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== "function") measure(chunk);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on("close", () =>
      count(route?.name ?? "unmatched", bytes, performance.now() - arrived),
    );
    if (!route) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          message: "Not Found",
          documentation_url: "https://docs.github.com/rest",
          status: "404",
        }),
      );
      return;
    }
    try {
      await route.handle(req, res, url.pathname.match(route.pattern)!, url);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${options.host ?? "127.0.0.1"}:${port}`,
    port,
    requests,
    traffic,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
