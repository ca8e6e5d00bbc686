import {
  tallyRecovery,
  type RecoveryRow,
} from "../../../../bench/cochange/tally-recovery.js";

const rows: RecoveryRow[] = [
  // Half the fix shown; the change log it needs is proposed first.
  {
    language: "rust",
    gold: ["src/lib.rs", "CHANGELOG.md"],
    body: new Set(["src/lib.rs"]),
    mapOnly: new Set(),
    proposed: ["CHANGELOG.md", "src/other.rs", "tests/it.rs"],
  },
  // Nothing shown with a body; one of three gold files was on the map and
  // comes back third, one never does.
  {
    language: "python",
    gold: ["a.py", "b.py", "schema.json"],
    body: new Set(),
    mapOnly: new Set(["b.py"]),
    proposed: ["c.py", "d.py", "b.py"],
  },
  // Everything shown: nothing to recover, and what is proposed is noise.
  {
    language: "python",
    gold: ["e.py"],
    body: new Set(["e.py"]),
    mapOnly: new Set(),
    proposed: ["f.py"],
  },
];

describe("tallyRecovery", () => {
  const tally = tallyRecovery(rows, [1, 3]);

  it("counts points of file recall Avg missing and brought back at each n", () => {
    expect(tally.questions).toBe(3);
    // (1/2 + 3/3 + 0) / 3
    expect(tally.missing).toBeCloseTo(50);
    expect(tally.byN).toStrictEqual([
      {
        n: 1,
        points: expect.closeTo(100 / 6),
        fromMap: 0,
        precision: expect.closeTo(1 / 3),
        othersPerQuestion: expect.closeTo(2 / 3),
      },
      // + b.py, a third of the second question's fix, from the map
      {
        n: 3,
        points: expect.closeTo(100 / 6 + 100 / 9),
        fromMap: expect.closeTo(100 / 9),
        precision: expect.closeTo(2 / 7),
        othersPerQuestion: expect.closeTo(5 / 3),
      },
    ]);
  });

  it("splits the missing and recovered gold files by kind and language", () => {
    expect(tally.byKind.get("changelog")).toStrictEqual({
      missing: 100 / 6,
      files: 1,
      recovered: {
        1: { points: 100 / 6, files: 1 },
        3: { points: 100 / 6, files: 1 },
      },
    });
    expect(tally.byKind.get("code")?.files).toBe(2);
    expect(tally.byKind.get("code")?.recovered[3]?.files).toBe(1);
    expect(tally.byKind.get("data")?.recovered).toStrictEqual({});
    expect(tally.byLanguage.get("python")?.files).toBe(3);
    expect(tally.byLanguage.get("rust")?.recovered[1]?.files).toBe(1);
  });

  it("says which kinds of proposed file were gold", () => {
    expect(tally.byProposedKind.get("changelog")).toStrictEqual({
      1: { slots: 1, gold: 1 },
      3: { slots: 1, gold: 1 },
    });
    expect(tally.byProposedKind.get("test")).toStrictEqual({
      3: { slots: 1, gold: 0 },
    });
    expect(tally.byProposedKind.get("code")?.[3]).toStrictEqual({
      slots: 5,
      gold: 1,
    });
  });

  it("reads no questions as nothing missing", () => {
    expect(tallyRecovery([], [1]).byN).toStrictEqual([
      { n: 1, points: 0, fromMap: 0, precision: 0, othersPerQuestion: 0 },
    ]);
  });
});
