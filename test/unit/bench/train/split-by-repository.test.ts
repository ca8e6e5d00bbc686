import {
  splitByRepository,
  type SplitRow,
} from "../../../../bench/train/split-by-repository.js";
import { parseSplit, readSplit } from "../../../../bench/train/read-split.js";

// A training set's shape: languages with many repositories of uneven size,
// one with two, one with a single repository.
function rowsOf(counts: Record<string, Record<string, number>>): SplitRow[] {
  return Object.entries(counts).flatMap(([language, repos]) =>
    Object.entries(repos).flatMap(([repo, n]) =>
      Array.from({ length: n }, () => ({ repo, language })),
    ),
  );
}

const ROWS = rowsOf({
  python: Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [`py${i}/repo`, 1 + ((i * 7) % 13)]),
  ),
  rust: Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [`rs${i}/crate`, 3 + ((i * 5) % 11)]),
  ),
  go: { "etcd-io/etcd": 2, "containers/podman": 2 },
  ts: { "quarto-dev/quarto-cli": 24 },
});

const languageOf = new Map(ROWS.map((r) => [r.repo, r.language]));
const rowCount = (repos: readonly string[], language: string) =>
  ROWS.filter((r) => r.language === language && repos.includes(r.repo)).length;

describe("splitByRepository", () => {
  const split = splitByRepository(ROWS);

  it("puts every repository on exactly one side", () => {
    const heldOut = new Set(split["held-out"]);
    expect(split.training.filter((repo) => heldOut.has(repo))).toEqual([]);
    expect([...split["held-out"], ...split.training].sort()).toEqual(
      [...languageOf.keys()].sort(),
    );
  });

  it("holds out repositories of every language that has two or more, and keeps one for training", () => {
    for (const language of ["python", "rust", "go"]) {
      const of = (repos: string[]) =>
        repos.filter((repo) => languageOf.get(repo) === language);
      expect(of(split["held-out"]).length).toBeGreaterThan(0);
      expect(of(split.training).length).toBeGreaterThan(0);
    }
    // One repository: held out, its language would have nothing to learn from.
    expect(split.training).toContain("quarto-dev/quarto-cli");
  });

  it("holds out about a quarter of each large language's rows", () => {
    for (const language of ["python", "rust"]) {
      const held = rowCount(split["held-out"], language);
      const total = ROWS.filter((r) => r.language === language).length;
      expect(held / total).toBeGreaterThan(0.15);
      expect(held / total).toBeLessThan(0.35);
    }
  });

  it("is deterministic: the rows' order changes nothing", () => {
    const reversed = splitByRepository([...ROWS].reverse());
    expect(reversed).toEqual(split);
    expect(JSON.stringify(splitByRepository(ROWS))).toBe(JSON.stringify(split));
  });

  it("refuses a repository listed under two languages, naming it", () => {
    expect(() =>
      splitByRepository([
        { repo: "a/x", language: "js" },
        { repo: "a/x", language: "ts" },
      ]),
    ).toThrow("a/x has rows in two languages (js and ts)");
  });

  it("refuses a share outside (0, 1)", () => {
    expect(() => splitByRepository(ROWS, 1)).toThrow(
      "share must be a number between 0 and 1 (exclusive), got 1",
    );
  });
});

describe("parseSplit", () => {
  it("reads the two lists", () => {
    expect(
      parseSplit('{"held-out":["a/x"],"training":["b/y"]}', "split.json"),
    ).toEqual({ "held-out": ["a/x"], training: ["b/y"] });
  });

  it("refuses a repository on both sides, whatever its case", () => {
    expect(() =>
      parseSplit(
        '{"held-out":["a/x","c/z"],"training":["b/y","A/X"]}',
        "split.json",
      ),
    ).toThrow(
      "split.json names A/X in both parts; a repository belongs to one.",
    );
  });

  it("names what is wrong with a file that is not a split", () => {
    expect(() => parseSplit('{"held-out":["a"]}', "s.json")).toThrow(
      /^s\.json is not a split .*held-out\.0: expected "owner\/name"; training: /,
    );
    expect(() => parseSplit("{", "s.json")).toThrow(/^s\.json is not JSON: /);
  });
});

describe("the committed split", () => {
  it("is a split: no repository on both sides", () => {
    const split = readSplit("bench/train/split.json");
    expect(split["held-out"].length).toBeGreaterThan(0);
    expect(split.training.length).toBeGreaterThan(split["held-out"].length);
  });
});
