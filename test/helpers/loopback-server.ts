import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import nock from "nock";

/** One request a loopback server received. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface LoopbackServer {
  /** `http://<host>:<port>`, on the host name it was asked for. */
  origin: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that records what reaches it, for the few
 * tests that must see what fetch itself does (redirects, headers on the
 * wire). `host` names it in `origin`: "localhost" and "127.0.0.1" are the
 * same machine but different origins to fetch. Lets nock pass loopback
 * through until `close`.
 *
 * @example
 * const server = await startLoopbackServer("127.0.0.1", (req, res) => res.end("ok"));
 */
export async function startLoopbackServer(
  host: "127.0.0.1" | "localhost",
  handle: (
    request: ReceivedRequest,
    reply: (
      status: number,
      headers: Record<string, string>,
      body?: Buffer | string,
    ) => void,
  ) => void,
): Promise<LoopbackServer> {
  nock.enableNetConnect(/^(127\.0\.0\.1|localhost):\d+$/);
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const request = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
    };
    received.push(request);
    handle(request, (status, headers, body) => {
      res.writeHead(status, headers);
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        nock.disableNetConnect();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
