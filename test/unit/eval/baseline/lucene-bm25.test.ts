import {
  buildLuceneBm25Index,
  byte4ToInt,
  intToByte4,
  searchLuceneBm25,
} from "../../../../src/eval/baseline/lucene-bm25.js";
import {
  isSwebenchDocumentPath,
  isSwebenchTestPath,
  swebenchDocument,
} from "../../../../src/eval/baseline/swebench-documents.js";

describe("Lucene's one-byte length norm", () => {
  it("is exact below 24 and keeps four significant bits above", () => {
    expect([0, 1, 23].map((n) => byte4ToInt(intToByte4(n)))).toEqual([
      0, 1, 23,
    ]);
    // 24 + 1000: 1000 has 10 bits, so its 6 low bits are lost.
    expect(byte4ToInt(intToByte4(1024))).toBe(24 + 960);
    expect(byte4ToInt(intToByte4(2 ** 31 - 1))).toBeLessThanOrEqual(
      2 ** 31 - 1,
    );
    expect(intToByte4(2 ** 31 - 1)).toBe(255);
  });
});

describe("searchLuceneBm25", () => {
  const corpus = [
    {
      path: "pkg/sessions.py",
      text: "class Session:\n    def request(self, method, url):\n        return send(method, url)\n",
    },
    {
      path: "pkg/adapters.py",
      text: "class HTTPAdapter:\n    def send(self, request, timeout=None):\n        retry(timeout)\n",
    },
    {
      path: "pkg/utils.py",
      text: "def parse_header(value):\n    return value.split(';')\n",
    },
  ];
  const index = buildLuceneBm25Index(corpus.map(swebenchDocument));

  it("ranks by BM25 over path and content, and leaves out what matches nothing", () => {
    const hits = searchLuceneBm25(
      index,
      "The adapter's send() ignores the timeout",
      20,
    );
    expect(hits.map((h) => h.id)).toEqual([
      "pkg/adapters.py",
      "pkg/sessions.py",
    ]);
  });

  it("matches the path as part of the document", () => {
    expect(
      searchLuceneBm25(index, "bug in utils.py", 20).map((h) => h.id),
    ).toEqual(["pkg/utils.py"]);
  });

  it("scores with Lucene's formula: idf × tf / (tf + k1·(1 − b + b·dl/avgdl)), a repeated query term counting twice", () => {
    const [hit] = searchLuceneBm25(index, "parse_header parse_header", 1);
    const n = 3;
    const idf = Math.log(1 + (n - 1 + 0.5) / (1 + 0.5));
    const lengths = corpus.map((f) => index.norms[corpus.indexOf(f)] as number);
    const avg = index.avgLength;
    const dl = lengths[2] as number;
    expect(hit?.score).toBeCloseTo(
      2 * idf * (1 / (1 + 0.9 * (1 - 0.4 + (0.4 * dl) / avg))),
      10,
    );
  });

  it("keeps at most k hits, ties in document order", () => {
    const tie = buildLuceneBm25Index([
      { id: "b.py", text: "same words" },
      { id: "a.py", text: "same words" },
    ]);
    expect(searchLuceneBm25(tie, "same", 1).map((h) => h.id)).toEqual(["b.py"]);
  });
});

describe("SWE-bench's documents", () => {
  it("are non-test .py files by SWE-bench's is_test word rule", () => {
    expect(isSwebenchTestPath("astropy/io/fits/tests/test_table.py")).toBe(
      true,
    );
    expect(isSwebenchTestPath("sphinx/testing/fixtures.py")).toBe(true);
    expect(isSwebenchTestPath("pkg/util_test.py")).toBe(true);
    expect(isSwebenchTestPath("src/_pytest/python.py")).toBe(false);
    expect(isSwebenchTestPath("conftest.py")).toBe(false);
    expect(isSwebenchTestPath("pylint/testutils/checker.py")).toBe(false);
    expect(isSwebenchDocumentPath("setup.cfg")).toBe(false);
    expect(isSwebenchDocumentPath("requests/models.py")).toBe(true);
  });
});
