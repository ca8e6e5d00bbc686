import { deferMcpSession } from "../../../src/cli/defer-mcp-session.js";
import type {
  CheckoutSession,
  CheckoutView,
} from "../../../src/mcp/checkout-session.js";

// A session that records what it was asked, in order.
function recordingSession(said: string[]): CheckoutSession {
  return {
    withCheckout: async (use) => {
      said.push("withCheckout");
      return use({ root: "/repo" } as CheckoutView);
    },
    ask: async (view, question) => {
      said.push(`ask ${question}`);
      return { text: `answer to ${question}`, shown: [], readers: view };
    },
    index: async () => {
      throw new Error("not asked here");
    },
  };
}

describe("deferMcpSession: askcode mcp's session, opened when first needed", () => {
  it("opens and warms nothing until asked, then once, however many ask", async () => {
    const said: string[] = [];
    const session = deferMcpSession(
      async () => {
        said.push("open");
        return recordingSession(said);
      },
      async () => {
        said.push("warm");
      },
    );
    expect(said).toEqual([]);
    await Promise.all([session.open(), session.open()]);
    await session.withCheckout((view) => session.ask(view, "where?", 100));
    expect(said).toEqual(["open", "warm", "withCheckout", "ask where?"]);
  });

  it("makes a call that comes first wait for the warming, so that it answers on a warm session", async () => {
    const said: string[] = [];
    let warmed!: () => void;
    const session = deferMcpSession(
      async () => recordingSession(said),
      () =>
        new Promise<void>((resolve) => {
          said.push("warm begun");
          warmed = () => {
            said.push("warm done");
            resolve();
          };
        }),
    );
    void session.open();
    const answer = session.withCheckout((view) =>
      session.ask(view, "where?", 100),
    );
    // Let the open and the warming begin; the call is still waiting.
    await new Promise((resolve) => setImmediate(resolve));
    expect(said).toEqual(["warm begun"]);
    warmed();
    await expect(answer).resolves.toMatchObject({
      text: "answer to where?",
      shown: [],
    });
    expect(said).toEqual([
      "warm begun",
      "warm done",
      "withCheckout",
      "ask where?",
    ]);
  });

  it("answers calls when the warming failed: a call reads for itself", async () => {
    const said: string[] = [];
    const session = deferMcpSession(
      async () => recordingSession(said),
      async () => {
        throw new Error("the cache directory is gone");
      },
    );
    await expect(
      session.withCheckout((view) => session.ask(view, "where?", 100)),
    ).resolves.toMatchObject({ text: "answer to where?" });
  });

  it("fails each call with the error that kept the session from opening", async () => {
    const session = deferMcpSession(
      async (): Promise<CheckoutSession> => {
        throw new Error("no tokenizer for this model");
      },
      async () => {},
    );
    await expect(session.open()).rejects.toThrow("no tokenizer");
    await expect(session.withCheckout(async () => 1)).rejects.toThrow(
      "no tokenizer",
    );
  });
});
