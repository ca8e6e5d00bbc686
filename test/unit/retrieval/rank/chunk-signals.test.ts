import { rankOver } from "../../../helpers/rank-over.js";
import {
  CHUNK_SIGNALS,
  chunkSignals,
} from "../../../../src/retrieval/rank/chunk-signals.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";

// One long function the index cuts in parts (60 tokens a chunk), whose
// first part holds the question's words; another file that matches less.
const body = Array.from(
  { length: 24 },
  (_, i) => `    total = total + weight_${i} * factor`,
).join("\n");
const files: SourceFile[] = [
  {
    path: "pkg/scoring.py",
    text: `import math\n\n\ndef compute_score(items, factor):\n    """compute_score sums the weighted score of the items."""\n    total = 0\n${body}\n    return total\n\n\ndef clamp(x):\n    return max(0, x)\n`,
  },
  {
    path: "pkg/report.py",
    text: "def print_report(score):\n    print('score', score)\n",
  },
  {
    path: "tests/test_scoring.py",
    text: "def test_compute_score():\n    assert compute_score([], 1) == 0\n",
  },
];
const rank = rankOver(files);
const signal = (row: Float64Array, s: (typeof CHUNK_SIGNALS)[number]) =>
  row[CHUNK_SIGNALS.indexOf(s)];

describe("chunkSignals", () => {
  it("places each chunk in its file and its file among files", () => {
    const ranked = rank("compute_score returns the wrong score");
    const rows = chunkSignals(ranked);
    expect(rows).toHaveLength(ranked.length);
    const [first] = rows as [Float64Array];
    expect(ranked[0]?.chunk.path).toBe("pkg/scoring.py");
    expect(signal(first, "bias")).toBe(1);
    expect(signal(first, "score")).toBe(1);
    expect(signal(first, "topFile")).toBe(1);
    expect(signal(first, "fileBest")).toBe(1);
    expect(signal(first, "fileRank")).toBe(0);
    expect(signal(first, "definition")).toBeGreaterThan(0);
    const test = ranked.findIndex((r) => r.chunk.path.startsWith("tests/"));
    expect(signal(rows[test] as Float64Array, "test")).toBe(1);
    expect(signal(rows[test] as Float64Array, "topFile")).toBe(0);
    expect(signal(rows[test] as Float64Array, "fileRank")).toBeGreaterThan(0);
  });

  it("marks the continuation of the best chunk's declaration and the chunk beside it", () => {
    const ranked = rank("compute_score returns the wrong score");
    const rows = chunkSignals(ranked);
    const best = ranked[0]?.chunk;
    const parts = ranked
      .map((r, i) => ({ r, row: rows[i] as Float64Array }))
      .filter(
        ({ r }) =>
          r.chunk.path === best?.path &&
          r.chunk !== best &&
          r.chunk.context === best.context,
      );
    expect(best?.context).toBe("def compute_score");
    expect(parts.length).toBeGreaterThan(1);
    for (const { r, row } of parts) {
      expect(signal(row, "sameDeclaration")).toBe(1);
      expect(signal(row, "fileBest")).toBe(0);
      expect(signal(row, "besideBest")).toBe(
        Math.abs(r.chunk.id - (best?.id ?? 0)) === 1 ? 1 : 0,
      );
      expect(signal(row, "distanceToBest")).toBeCloseTo(
        Math.log1p(Math.abs(r.chunk.id - (best?.id ?? 0))),
        9,
      );
    }
    expect(parts.some(({ row }) => signal(row, "besideBest") === 1)).toBe(true);
  });

  it("reads its file's recency and churn from the history, relative to the question's files", () => {
    const ranked = rank("compute_score returns the wrong score");
    const paths = [...new Set(ranked.map((r) => r.chunk.path))];
    expect(paths).toEqual(
      expect.arrayContaining([
        "pkg/scoring.py",
        "pkg/report.py",
        "tests/test_scoring.py",
      ]),
    );
    // Newest first: the report changed last, the scoring three times, the
    // test never within the history.
    const history = {
      commit: "0".repeat(40),
      commits: [
        ["pkg/report.py"],
        ["pkg/scoring.py", "README.md"],
        ["pkg/scoring.py"],
        ["pkg/scoring.py", "pkg/report.py"],
      ],
    };
    const rows = chunkSignals(ranked, history);
    const byFile = (path: string, s: (typeof CHUNK_SIGNALS)[number]) =>
      signal(
        rows[ranked.findIndex((r) => r.chunk.path === path)] as Float64Array,
        s,
      ) as number;
    // Changed in the newest commit: the most recent; never named: the least.
    expect(byFile("pkg/report.py", "fileRecency")).toBeGreaterThan(
      byFile("pkg/scoring.py", "fileRecency"),
    );
    expect(byFile("pkg/scoring.py", "fileRecency")).toBeGreaterThan(
      byFile("tests/test_scoring.py", "fileRecency"),
    );
    expect(byFile("pkg/scoring.py", "fileChurn")).toBeGreaterThan(
      byFile("pkg/report.py", "fileChurn"),
    );
    expect(byFile("pkg/report.py", "fileChurn")).toBeGreaterThan(
      byFile("tests/test_scoring.py", "fileChurn"),
    );
    // Each chunk of a file reads its file's values; over files they sum to 0.
    for (const s of ["fileRecency", "fileChurn"] as const) {
      ranked.forEach((r, i) =>
        expect(signal(rows[i] as Float64Array, s)).toBe(
          byFile(r.chunk.path, s),
        ),
      );
      const sum = paths.reduce((total, p) => total + byFile(p, s), 0);
      expect(sum).toBeCloseTo(0, 12);
    }
    // The scale: ln(1 + commits) over ln(1 + 2,000).
    expect(
      byFile("pkg/scoring.py", "fileChurn") -
        byFile("tests/test_scoring.py", "fileChurn"),
    ).toBeCloseTo(Math.log(4) / Math.log(2001), 12);
  });

  it("reads 0 from no history, an empty one, or one that names none of the files", () => {
    const ranked = rank("compute_score returns the wrong score");
    const unnamed = { commit: "0".repeat(40), commits: [["other.py"]] };
    for (const history of [
      undefined,
      { commit: "0".repeat(40), commits: [] },
      unnamed,
    ])
      for (const row of chunkSignals(ranked, history)) {
        expect(signal(row, "fileRecency")).toBeCloseTo(0, 12);
        expect(signal(row, "fileChurn")).toBeCloseTo(0, 12);
      }
  });

  it("gives no rows for no chunks", () => {
    expect(chunkSignals([])).toEqual([]);
  });
});
