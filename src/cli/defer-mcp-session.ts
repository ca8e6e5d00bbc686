import type { CheckoutReads } from "../code-host/local/start-checkout-reads.js";
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
 * A call that comes while the session opens has git asked its first
 * answers at once (`startReads`), on another core while retrieval's
 * modules load, as `askcode ask` asks them before it loads them: it no
 * longer waits for git after the loading. A call that comes later asks
 * when it opens the checkout, as it would anyway.
 *
 * @example
 * const session = deferMcpSession(() => openMcpSession(args), (opened) => opened.warm(), { startReads: () => startCheckoutReads(args.repo) });
 * await serveMcp(session, io, about, { onInitialized: () => void session.open() });
 */
export function deferMcpSession<Session extends CheckoutSession>(
  open: () => Promise<Session>,
  warm: (session: Session) => Promise<void>,
  options: { startReads?: () => CheckoutReads | undefined } = {},
): CheckoutSession & { open(): Promise<CheckoutSession> } {
  let opening: Promise<CheckoutSession> | undefined;
  let ready = false;
  const opened = () =>
    (opening ??= open().then(async (session) => {
      await warm(session).catch(() => {});
      ready = true;
      return session;
    }));
  return {
    open: opened,
    withCheckout: async (use, early) => {
      const asked = early ?? (ready ? undefined : options.startReads?.());
      return (await opened()).withCheckout(use, asked);
    },
    ask: async (view, question, budget) =>
      (await opened()).ask(view, question, budget),
    index: async (view) => (await opened()).index(view),
  };
}
