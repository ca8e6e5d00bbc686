import type { CheckoutSession } from "../mcp/checkout-session.js";

/**
 * A session opened when first needed, so that `askcode mcp` answers
 * `initialize` and `tools/list` without loading retrieval (about 200
 * modules, most of a new process's start): `open()` starts opening it,
 * and warming it (`warm`, given the opened session), once; a call made
 * before that is done waits for both, so it answers as it would on a
 * session opened and warmed first. A warming that fails changes nothing
 * for the calls, which read for themselves and say what failed.
 *
 * @example
 * const session = deferMcpSession(() => openMcpSession(args), (opened) => opened.warm());
 * await serveMcp(session, io, about, { onInitialized: () => void session.open() });
 */
export function deferMcpSession<Session extends CheckoutSession>(
  open: () => Promise<Session>,
  warm: (session: Session) => Promise<void>,
): CheckoutSession & { open(): Promise<CheckoutSession> } {
  let opening: Promise<CheckoutSession> | undefined;
  const opened = () =>
    (opening ??= open().then(async (session) => {
      await warm(session).catch(() => {});
      return session;
    }));
  return {
    open: opened,
    withCheckout: async (use) => (await opened()).withCheckout(use),
    ask: async (view, question, budget) =>
      (await opened()).ask(view, question, budget),
    index: async (view) => (await opened()).index(view),
  };
}
