import {
  bm25Idf,
  bm25Tf,
  buildBm25Index,
  termFrequency,
} from "../../../../src/retrieval/index/bm25-index.js";
import { identifierTerms } from "../../../../src/text/code-terms.js";
import { seededRandom } from "../../../helpers/seeded-random.js";

describe("buildBm25Index", () => {
  it("indexes whole identifiers and their stemmed parts, lowercased", () => {
    const index = buildBm25Index([
      "def parseHTTPResponse(raw_bytes):",
      "class Session:",
    ]);
    for (const term of [
      "parsehttpresponse",
      "pars",
      "http",
      "respons",
      "raw_bytes",
      "raw",
      "byte",
      "session",
      "def",
      "class",
    ]) {
      expect(index.vocabulary.has(term)).toBe(true);
    }
    expect(index.vocabulary.has("Session")).toBe(false);
  });

  it("agrees with a naive count on random documents", () => {
    const random = seededRandom(42);
    const words = [
      "alpha",
      "betaGamma",
      "delta_epsilon",
      "x",
      "HTTPError",
      "get2",
      "zeta",
      "Alpha",
      "_private",
      "eta9",
    ];
    const docs = Array.from({ length: 60 }, () =>
      Array.from({ length: random.int(0, 30) }, () => random.pick(words)).join(
        random.pick([" ", "(", ".", "\n", ", "]),
      ),
    );
    const index = buildBm25Index(docs);
    let total = 0;
    docs.forEach((doc, d) => {
      const naive = new Map<string, number>();
      for (const m of doc.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g))
        for (const t of identifierTerms(m[0]))
          naive.set(t, (naive.get(t) ?? 0) + 1);
      const length = [...naive.values()].reduce((a, b) => a + b, 0);
      expect(index.docLength[d]).toBe(length);
      total += length;
      for (const [term, tf] of naive)
        expect(termFrequency(index, index.vocabulary.get(term)!, d)).toBe(tf);
    });
    expect(index.avgDocLength).toBeCloseTo(total / docs.length);
    // Postings hold each term's documents in increasing order.
    for (let t = 0; t < index.vocabulary.size; t++) {
      for (let k = index.start[t]! + 1; k < index.start[t + 1]!; k++)
        expect(index.docs[k]!).toBeGreaterThan(index.docs[k - 1]!);
    }
  });

  it("gives 0 for a term a document lacks", () => {
    const index = buildBm25Index(["alpha beta", "gamma"]);
    expect(termFrequency(index, index.vocabulary.get("alpha")!, 1)).toBe(0);
  });
});

describe("BM25 formulas", () => {
  it("makes rare terms worth more and saturates repetition", () => {
    expect(bm25Idf(1000, 1)).toBeGreaterThan(bm25Idf(1000, 100));
    expect(bm25Idf(1000, 1000)).toBeGreaterThan(0);
    const once = bm25Tf(1, 100, 100);
    const tenTimes = bm25Tf(10, 100, 100);
    expect(tenTimes).toBeGreaterThan(once);
    expect(tenTimes).toBeLessThan(2.2 * once);
    expect(bm25Tf(1, 50, 100)).toBeGreaterThan(bm25Tf(1, 200, 100));
  });
});
