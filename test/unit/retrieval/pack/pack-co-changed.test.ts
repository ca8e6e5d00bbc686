import type { CoChangeHistory } from "../../../../src/retrieval/history/co-change-history.js";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { packContext } from "../../../../src/retrieval/pack/pack-context.js";
import { DEFAULT_CO_CHANGE } from "../../../../src/retrieval/pack/pack-ranked-chunks.js";
import type { PackOptions } from "../../../../src/retrieval/pack/packing-types.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { rankChunks } from "../../../../src/retrieval/rank/rank-chunks.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

const counter = createTokenCounter({ model: "gpt-4o" });

// The change log's newest entries first, as most projects keep it.
const CHANGES = [
  "# Changes",
  "",
  ...Array.from(
    { length: 40 },
    (_, i) =>
      `- ${40 - i}.0: uploads no longer stall when the server closes the socket early (#${100 + i})`,
  ),
].join("\n");

/** Ten modules matching "retry", a change log, a module that matches nothing. */
function repository(): SourceFile[] {
  const modules = Array.from({ length: 10 }, (_, i) => ({
    path: `pkg/mod_${i}.py`,
    text: [
      `def retry_upload_${i}(request, attempts=${i + 1}):`,
      ...Array.from(
        { length: 20 },
        (_, k) => `    value_${k} = request.retry(attempts, ${k})`,
      ),
      "    return value_0",
      "",
    ].join("\n"),
  }));
  return [
    ...modules,
    { path: "CHANGES.md", text: CHANGES },
    { path: "pkg/setup_helpers.py", text: "def configure():\n    return {}\n" },
  ];
}

/**
 * Each module changed, `times` times each, with each of `withFiles`: the
 * later a file in the list, the more commits it shares with every module.
 */
function history(withFiles: Record<string, number>): CoChangeHistory {
  const commits: string[][] = [];
  for (let i = 0; i < 10; i++)
    for (const [file, times] of Object.entries(withFiles))
      for (let t = 0; t < times; t++) commits.push([`pkg/mod_${i}.py`, file]);
  return { commit: "a".repeat(40), commits };
}

// A lock file and a file deleted since share the most commits with the
// modules; the change log comes next.
const WITH_CHANGELOG = history({
  "poetry.lock": 5,
  "pkg/gone.py": 4,
  "CHANGES.md": 3,
});

function pack(
  options: PackOptions = {},
  given?: CoChangeHistory,
  budget = 1200,
) {
  const files = repository();
  const index = indexRepository(files, { maxTokens: 200, mergeTokens: 80 });
  const { ranked, available } = rankChunks(
    index,
    analyzeQuery("retry the upload"),
  );
  const lineCounts = new Map(index.files.map((f) => [f.path, f.lineCount]));
  return packContext({
    ranked,
    chunksAvailable: available,
    files: index.files,
    lineCount: (path) => lineCounts.get(path) ?? 0,
    budget,
    tokenCounter: counter,
    options: { wholeRepository: false, chunkModel: null, ...options },
    ...(given ? { history: given } : {}),
  });
}

describe("the co-change tier", () => {
  it("shows a change log's newest entries, never a lock file or a file gone since, and says why", () => {
    const packed = pack(
      { coChange: { ...DEFAULT_CO_CHANGE, maxLines: 12 } },
      WITH_CHANGELOG,
    );
    const piece = packed.pieces.find((p) => p.path === "CHANGES.md");
    expect(piece).toMatchObject({ startLine: 1, endLine: 12, form: "full" });
    expect(packed.text).toContain(CHANGES.split("\n").slice(0, 12).join("\n"));
    expect(packed.pieces.map((p) => p.path)).not.toContain("poetry.lock");
    expect(packed.pieces.map((p) => p.path)).not.toContain("pkg/gone.py");
    // Five seeds; each module changed with the change log three times.
    expect(packed.coChanged).toStrictEqual({
      path: "CHANGES.md",
      why: expect.stringMatching(
        /^changed with pkg\/mod_\d\.py in 3 of the last 120 commits$/,
      ),
    });
    expect(piece?.why).toBe(packed.coChanged?.why);
    expect(packed.note).toContain(
      `From the repository's history: CHANGES.md, ${packed.coChanged?.why}.`,
    );
  });

  it("keeps within its reserve and the budget, taking the room from the last code placed", () => {
    const without = pack({}, undefined, 900);
    const packed = pack(
      {
        coChange: {
          ...DEFAULT_CO_CHANGE,
          minSupport: 1,
          maxTokens: 60,
          maxLines: 40,
        },
      },
      WITH_CHANGELOG,
      900,
    );
    const piece = packed.pieces.find((p) => p.path === "CHANGES.md");
    expect(piece?.tokens).toBeLessThanOrEqual(60);
    expect(piece?.endLine).toBeLessThan(40);
    expect(packed.tokensUsed).toBeLessThanOrEqual(900);
    expect(counter.count(packed.text)).toBe(packed.tokensUsed);
    // The best code stays: only what was placed last made room.
    const code = (p: typeof packed) =>
      p.pieces.filter((x) => x.form !== "signature" && x.path !== "CHANGES.md");
    expect(code(packed).length).toBeLessThan(code(without).length);
    expect(code(packed).map((p) => p.path)).toStrictEqual(
      code(without)
        .map((p) => p.path)
        .slice(0, code(packed).length),
    );
  });

  it("proposes no file shown with a body: the next one co-changed comes instead", () => {
    // A file shown after the first two (the seeds here), changed with them
    // most often.
    const shown = pack().files.map((f) => f.path);
    expect(shown.length).toBeGreaterThan(2);
    const last = shown.at(-1) as string;
    const packed = pack(
      { coChange: { ...DEFAULT_CO_CHANGE, seeds: 2, minSupport: 1 } },
      {
        commit: "a".repeat(40),
        commits: [
          ...WITH_CHANGELOG.commits,
          ...shown.slice(0, 2).map((seed) => [seed, last]),
          ...shown.slice(0, 2).map((seed) => [seed, last]),
          ...shown.slice(0, 2).map((seed) => [seed, last]),
          ...shown.slice(0, 2).map((seed) => [seed, last]),
        ],
      },
    );
    expect(packed.coChanged?.path).toBe("CHANGES.md");
  });

  it("shows nothing when the file proposed first is below the support or not of a kind allowed", () => {
    const without = pack();
    expect(
      pack(
        { coChange: { ...DEFAULT_CO_CHANGE, minSupport: 16 } },
        WITH_CHANGELOG,
      ).text,
    ).toBe(without.text);
    const codeFirst = history({ "CHANGES.md": 3, "pkg/setup_helpers.py": 4 });
    const off = pack({}, codeFirst);
    expect(off.text).toBe(without.text);
    expect(off.coChanged).toBeUndefined();
    // With code allowed, the file's first lines (no chunk of it ranked).
    const on = pack(
      { coChange: { ...DEFAULT_CO_CHANGE, kinds: ["changelog", "code"] } },
      codeFirst,
    );
    expect(on.coChanged?.path).toBe("pkg/setup_helpers.py");
    expect(on.text).toContain("def configure():\n    return {}");
  });

  it("leaves packing as it was without a history, or with the tier off", () => {
    const without = pack();
    expect(without.coChanged).toBeUndefined();
    const off = pack({ coChange: null }, WITH_CHANGELOG);
    expect(off).toStrictEqual(without);
  });
});
