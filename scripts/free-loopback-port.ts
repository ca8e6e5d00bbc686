import { createServer } from "node:net";

/**
 * A port free on 127.0.0.1 a moment ago, for a server that must be told its
 * port before it starts (askcode with PORT set, `redis-server --port`).
 *
 * @example
 * const port = await freeLoopbackPort(); // 41237
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once("error", reject)
      .listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });
}
