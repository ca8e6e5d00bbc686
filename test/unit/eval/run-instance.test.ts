import { runInstance } from "../../../src/eval/run-instance.js";
import type { CoChangeHistory } from "../../../src/retrieval/history/co-change-history.js";
import { retrieveContext } from "../../../src/retrieval/retrieve-context.js";
import {
  commitAll,
  initRepo,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";
import { quarterTokenCounter } from "../../helpers/quarter-token-counter.js";

const counter = quarterTokenCounter;

describe("runInstance", () => {
  let root: string;
  let base: string;

  beforeAll(() => {
    root = initRepo();
    const body = Array.from(
      { length: 60 },
      (_, i) => `    value_${i} = compute(${i})`,
    ).join("\n");
    writeFiles(root, {
      "pkg/timeouts.py": `def connect_timeout(seconds):\n    """Wait for the connection."""\n${body}\n    return seconds\n`,
      "pkg/other.py": "def unrelated():\n    return 42\n",
      "pkg/tests/test_timeouts.py":
        "def test_connect_timeout():\n    assert connect_timeout(1)\n",
    });
    base = commitAll(root, "base");
    // A later commit: the instance must read the base commit, not this one.
    writeFiles(root, { "pkg/timeouts.py": "# rewritten later\n" });
    commitAll(root, "later");
  });

  afterAll(() => removeDir(root));

  // The issue both systems are asked about: its fix touched the function's first lines.
  const timeoutIssue = (id: string) => ({
    instance_id: id,
    repo: "pkg/pkg",
    base_commit: base,
    problem_statement:
      "connect_timeout in pkg/timeouts.py ignores its seconds argument",
    gold_files: ["pkg/timeouts.py"],
    gold_hunks: { "pkg/timeouts.py": [[1, 3]] as Array<[number, number]> },
  });

  it("reads the base commit, runs both systems at every budget and scores what each shows", async () => {
    const result = await runInstance({
      instance: timeoutIssue("pkg__pkg-1"),
      mirror: root,
      budgets: [40, 5000],
      tokenCounter: counter,
    });
    expect(result.error).toBeUndefined();
    expect(result.gold).toMatchObject({
      lines: 3,
      blankLines: 0,
      notIndexed: [],
      notBaselineDocuments: [],
    });
    // The test file is not a BM25 document; the two others are.
    expect(result.baselineDocuments).toBe(2);
    expect(result.bm25Top20[0]).toBe("pkg/timeouts.py");
    expect(result.goldInTop20).toBe(1);

    const [small, large] = result.budgets;
    // The gate reads the ranking, the same at every budget: the answer's
    // first place is the fixed file, so it would have been right.
    expect(small?.gate?.places[0]).toBe("pkg/timeouts.py");
    expect(small?.gate?.hit).toBe(true);
    expect(small?.gate?.score).toBeGreaterThan(0);
    expect(large?.gate).toEqual(small?.gate);
    // 40 tokens hold no whole file, so the baseline shows nothing; askcode shows something or nothing, within budget.
    expect(small?.systems.bm25.score.filesFound).toBe(0);
    expect(small?.systems.askcode.tokensUsed).toBeLessThanOrEqual(40);
    // 5,000 tokens hold everything: both show every gold line.
    expect(large?.systems.askcode.score).toMatchObject({
      filesFound: 1,
      linesFound: 3,
    });
    expect(large?.systems.bm25.score).toMatchObject({
      filesFound: 1,
      linesFound: 3,
    });
    for (const run of result.budgets) {
      expect(run.systems.askcode.mismatches).toBe(0);
      expect(run.systems.askcode.pieceCheck).toEqual({
        outsidePieces: 0,
        fullNotShown: 0,
      });
    }
  });

  it("hides what `exclude` names from both systems, and counts excluded gold as missed", async () => {
    const result = await runInstance({
      instance: timeoutIssue("pkg__pkg-3"),
      mirror: root,
      budgets: [5000],
      tokenCounter: counter,
      exclude: (path) => path === "pkg/timeouts.py",
    });
    expect(result.error).toBeUndefined();
    expect(result.gold).toMatchObject({
      lines: 3,
      excluded: ["pkg/timeouts.py"],
      notIndexed: ["pkg/timeouts.py"],
    });
    expect(result.baselineDocuments).toBe(1);
    const run = result.budgets[0];
    expect(run?.systems.askcode.files.map(([path]) => path)).not.toContain(
      "pkg/timeouts.py",
    );
    expect(run?.systems.askcode.score.filesFound).toBe(0);
    expect(run?.systems.bm25.score.filesFound).toBe(0);
  });

  it("packs its one ranking again under each variant and scores each as askcode's own", async () => {
    const result = await runInstance({
      instance: timeoutIssue("pkg__pkg-4"),
      mirror: root,
      budgets: [60, 5000],
      tokenCounter: counter,
      variants: [
        { name: "same", pack: {} },
        { name: "ranked", pack: { wholeRepository: false } },
      ],
    });
    expect(result.error).toBeUndefined();
    for (const run of result.budgets) {
      // No other option: the very context askcode packed.
      expect(run.variants?.same).toEqual(run.systems.askcode);
      expect(run.variants?.ranked?.tokensUsed).toBeLessThanOrEqual(run.budget);
    }
    const large = result.budgets[1];
    expect(large?.systems.askcode.mode).toBe("whole-repository");
    // The other packing of the same ranking: chunks, and still the fix's lines.
    expect(large?.variants?.ranked).toMatchObject({
      mode: "ranked-chunks",
      score: { filesFound: 1, linesFound: 3 },
      mismatches: 0,
      pieceCheck: { outsidePieces: 0, fullNotShown: 0 },
    });
  });

  it("reads the mirror's history back from the base commit, never after, when asked", async () => {
    const given: Array<CoChangeHistory | undefined> = [];
    const spy: typeof retrieveContext = (input, deps) => {
      given.push(input.history);
      return retrieveContext(input, deps);
    };
    const instance = timeoutIssue("pkg__pkg-5");
    const read = await runInstance(
      {
        instance,
        mirror: root,
        budgets: [5000],
        tokenCounter: counter,
        history: true,
      },
      { retrieveContext: spy },
    );
    expect(read.error).toBeUndefined();
    // The base commit's own files; the later rewrite of pkg/timeouts.py is
    // not in it.
    expect(given).toStrictEqual([
      {
        commit: base,
        commits: [
          ["pkg/other.py", "pkg/tests/test_timeouts.py", "pkg/timeouts.py"],
        ],
      },
    ]);
    expect(read.timings.historyMs).toBeGreaterThanOrEqual(0);
    given.length = 0;
    const unread = await runInstance(
      { instance, mirror: root, budgets: [5000], tokenCounter: counter },
      { retrieveContext: spy },
    );
    expect(given).toStrictEqual([undefined]);
    expect(unread.timings.historyMs).toBeUndefined();
  });

  it("records a failure instead of throwing", async () => {
    const result = await runInstance({
      instance: {
        instance_id: "pkg__pkg-2",
        repo: "pkg/pkg",
        base_commit: "0".repeat(40),
        problem_statement: "x",
        gold_files: ["a.py"],
        gold_hunks: {},
      },
      mirror: root,
      budgets: [100],
      tokenCounter: counter,
    });
    expect(result.error).toMatch(/0{40}/);
    expect(result.budgets).toEqual([]);
  });
});

describe("runInstance on a C++ instance", () => {
  let root: string;
  let base: string;

  beforeAll(() => {
    root = initRepo();
    writeFiles(root, {
      "include/fmt/chrono.h":
        "namespace fmt {\nint format_duration(int seconds) {\n  return seconds * 1000;\n}\n}\n",
      "src/os.cc": "#include <cstdio>\nint open_file() { return 0; }\n",
      "test/chrono-test.cc":
        '#include "fmt/chrono.h"\nTEST(chrono, format_duration) {}\n',
      "support/docopt.py": "def format_duration():\n    pass\n",
      "ChangeLog.md": "# 9.0\n- format_duration prints milliseconds\n",
    });
    base = commitAll(root, "base");
  });

  afterAll(() => removeDir(root));

  it("ranks the C and C++ sources without tests, and scores the code-only gold apart", async () => {
    const result = await runInstance({
      instance: {
        instance_id: "fmtlib__fmt-1",
        repo: "fmtlib/fmt",
        base_commit: base,
        problem_statement: "format_duration in chrono.h returns the wrong unit",
        gold_files: ["include/fmt/chrono.h", "ChangeLog.md"],
        gold_hunks: {
          "include/fmt/chrono.h": [[3, 1]],
          "ChangeLog.md": [[2, 1]],
        },
        language: "cpp",
      },
      mirror: root,
      budgets: [5000],
      tokenCounter: counter,
    });
    expect(result.error).toBeUndefined();
    expect(result.language).toBe("cpp");
    // The header and the .cc file; not the test, the Python script or the ChangeLog.
    expect(result.baselineDocuments).toBe(2);
    expect(result.bm25Top20[0]).toBe("include/fmt/chrono.h");
    expect(result.gold).toMatchObject({
      lines: 2,
      notBaselineDocuments: ["ChangeLog.md"],
      codeFiles: ["include/fmt/chrono.h"],
      codeLines: 1,
    });
    const bm25 = result.budgets[0]?.systems.bm25;
    // The baseline cannot show the ChangeLog: half the gold files, all the code gold.
    expect(bm25?.score).toMatchObject({
      goldFiles: 2,
      filesFound: 1,
      goldLines: 2,
      linesFound: 1,
    });
    expect(bm25?.codeScore).toMatchObject({
      goldFiles: 1,
      filesFound: 1,
      goldLines: 1,
      linesFound: 1,
    });
    expect(result.budgets[0]?.systems.askcode.codeScore?.goldFiles).toBe(1);
  });
});

describe("runInstance on a fix that regenerates a file", () => {
  let root: string;
  let base: string;

  beforeAll(() => {
    root = initRepo();
    writeFiles(root, {
      "svc/retry.py": "def retry_upload(attempts):\n    return attempts > 0\n",
      // protoc's output: Linguist's rules call it generated by its name.
      "svc/upload_pb2.py":
        "# Generated by the protocol buffer compiler.  DO NOT EDIT!\nDESCRIPTOR = None\n",
    });
    base = commitAll(root, "base");
  });

  afterAll(() => removeDir(root));

  it("records the gold files ranking sets aside, and scores the gold people wrote apart", async () => {
    const result = await runInstance({
      instance: {
        instance_id: "svc__svc-1",
        repo: "svc/svc",
        base_commit: base,
        problem_statement: "retry_upload gives up after the first attempt",
        gold_files: ["svc/retry.py", "svc/upload_pb2.py"],
        gold_hunks: {
          "svc/retry.py": [[2, 2]],
          "svc/upload_pb2.py": [[2, 2]],
        },
      },
      mirror: root,
      budgets: [5000],
      tokenCounter: counter,
    });
    expect(result.error).toBeUndefined();
    expect(Object.keys(result.gold.setAside ?? {})).toEqual([
      "svc/upload_pb2.py",
    ]);
    expect(result.gold.setAside?.["svc/upload_pb2.py"]).toMatch(/^generated: /);
    const askcode = result.budgets[0]?.systems.askcode;
    expect(askcode?.score).toMatchObject({ goldFiles: 2, goldLines: 2 });
    expect(askcode?.writtenScore).toMatchObject({
      goldFiles: 1,
      goldLines: 1,
      found: ["svc/retry.py"],
    });
  });
});
