import { deferred } from "./manual-clock.js";

/**
 * A nock reply body that never comes until the test says so: a server that
 * hangs, without wall-clock delays. `arrived(n)` resolves once the n-th
 * request (1-based) reached the server; `release()` lets every held reply
 * answer with `body` (call it when the test ends, so nothing stays pending).
 *
 * @example
 * const held = holdReplies(completion({ content: "late" }));
 * nock(BASE).post("/v1/chat/completions").reply(200, held.reply);
 * const answer = model.complete(request, deadline);
 * await held.arrived(1);
 * clock.advance(180_000); // the deadline aborts the request in flight
 */
export function holdReplies(body: unknown) {
  const gate = deferred();
  const arrivals: Array<{ promise: Promise<void>; resolve(): void }> = [];
  let count = 0;
  const arrival = (n: number) => (arrivals[n - 1] ??= deferred<void>());
  return {
    reply: async () => {
      arrival(++count).resolve();
      await gate.promise;
      return body;
    },
    arrived: (n: number) => arrival(n).promise,
    /** Requests that reached the server so far. */
    get count() {
      return count;
    },
    release: () => gate.resolve(),
  };
}
