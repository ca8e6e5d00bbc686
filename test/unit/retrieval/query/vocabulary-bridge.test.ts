import { rankOver } from "../../../helpers/rank-over.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { BRIDGE } from "../../../../src/retrieval/query/query-weights.js";
import {
  bridgeTerms,
  type VocabularyBridge,
} from "../../../../src/retrieval/query/vocabulary-bridge.js";

const table: VocabularyBridge = {
  hang: [
    ["timeout", 0.5],
    ["deadlock", 0.2],
  ],
  crash: [
    ["panic", 0.4],
    ["timeout", 0.1],
  ],
  retry: [["backoff", 1]],
};

describe("analyzeQuery with a vocabulary bridge", () => {
  it("expands the upload that hangs forever to timeout, at a low weight, from 'hangs'", () => {
    const { terms } = analyzeQuery("the upload hangs forever", {
      bridge: { table },
    });
    const timeout = terms.find((t) => t.term === "timeout");
    expect(timeout).toStrictEqual({
      term: "timeout",
      // A one-line question is a title: "hangs" weighs 1; the bridge at most BRIDGE.weight, times the strength.
      weight: Math.min(1, BRIDGE.weight) * 0.5,
      source: "bridge",
      from: "hangs",
      count: 1,
      symbol: false,
    });
    const hangs = terms.find((t) => t.term === "hangs");
    expect(timeout?.weight).toBeLessThan(hangs?.weight ?? 0);
    expect(terms.find((t) => t.term === "deadlock")?.source).toBe("bridge");
  });

  it("adds nothing without a bridge", () => {
    const { terms } = analyzeQuery("the upload hangs forever");
    expect(terms.map((t) => t.source)).not.toContain("bridge");
    expect(terms.find((t) => t.term === "timeout")).toBeUndefined();
  });

  it("does not expand names the question writes as code, nor add a term it holds", () => {
    const named = analyzeQuery("`retry` never stops", { bridge: { table } });
    expect(named.terms.find((t) => t.term === "backoff")).toBeUndefined();
    const plain = analyzeQuery("the retry never stops", { bridge: { table } });
    expect(plain.terms.find((t) => t.term === "backoff")?.source).toBe(
      "bridge",
    );

    const held = analyzeQuery("Upload fails\n\nthe upload hangs on a timeout", {
      bridge: { table },
    });
    expect(held.terms.filter((t) => t.term === "timeout")).toStrictEqual([
      expect.objectContaining({ source: "word", weight: 0.5 }),
    ]);
  });

  it("never weighs a bridged term above the word it came from, keeps a term's strongest reason and caps the terms added", () => {
    const { terms } = analyzeQuery("Crash\n\nit hangs", {
      bridge: { table, weight: 5 },
    });
    // "crash" in the title (1) leads to panic; "hangs" in the body (0.5) to timeout.
    expect(terms.find((t) => t.term === "panic")?.weight).toBeCloseTo(0.4);
    expect(terms.find((t) => t.term === "timeout")).toMatchObject({
      weight: 0.25,
      from: "hangs",
    });
    // At the default weight the title's "crash" caps at BRIDGE.weight (0.6 × 0.4 for panic),
    // the body's "hangs" at its own 0.5 (× 0.5 for timeout).
    const capped = analyzeQuery("Crash\n\nit hangs", {
      bridge: { table, cap: 1 },
    });
    expect(
      capped.terms.filter((t) => t.source === "bridge").map((t) => t.term),
    ).toStrictEqual(["timeout"]);
  });

  it("reads only the table's own words, not an object's inherited keys", () => {
    const query = analyzeQuery("the constructor hangs");
    expect(bridgeTerms(query.terms, { table }).map((t) => t.term)).toEqual([
      "timeout",
      "deadlock",
    ]);
  });
});

describe("ranking with a vocabulary bridge", () => {
  const rank = rankOver([
    {
      path: "net/progress.py",
      text: [
        "def show_upload_progress(done, total):",
        '    """Print how far the upload got: the upload bar."""',
        "    print(done * 100 // total)",
        "",
      ].join("\n"),
    },
    {
      path: "net/send.py",
      text: [
        "def send_upload(sock, data, timeout=None):",
        "    sock.settimeout(timeout)",
        "    sock.sendall(data)",
        "",
      ].join("\n"),
    },
  ]);

  it("lifts the chunk holding the bridged term above one that only repeats the question's word", () => {
    const question = "Upload hangs forever\n\nthe upload never ends";
    expect(rank(question)[0]?.chunk.path).toBe("net/progress.py");
    const bridged = rank(question, {}, { bridge: { table } });
    expect(bridged[0]?.chunk.path).toBe("net/send.py");
    expect(bridged[0]?.why.map((w) => w.detail)).toContain(
      `"timeout" (bridge from 'hangs', ×2 in chunk)`,
    );
  });
});
