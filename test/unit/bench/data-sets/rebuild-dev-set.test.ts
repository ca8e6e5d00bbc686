import {
  goldDigest,
  questionDigest,
  type DevSetEntry,
} from "../../../../bench/data-sets/dev-set-list.js";
import {
  publicInstanceId,
  rebuildDevSet,
} from "../../../../bench/data-sets/rebuild-dev-set.js";

// A fix as `git diff` prints it: one changed file, one added file (no gold).
const PATCH = [
  "diff --git a/src/main/java/Parser.java b/src/main/java/Parser.java",
  "--- a/src/main/java/Parser.java",
  "+++ b/src/main/java/Parser.java",
  "@@ -10,3 +10,4 @@ class Parser {",
  " a",
  "-b",
  "+c",
  "+d",
  " e",
  "diff --git a/src/main/java/New.java b/src/main/java/New.java",
  "new file mode 100644",
  "--- /dev/null",
  "+++ b/src/main/java/New.java",
  "@@ -0,0 +1 @@",
  "+class New {}",
  "",
].join("\n");
const GOLD = {
  gold_files: ["src/main/java/Parser.java"],
  gold_hunks: {
    "src/main/java/Parser.java": [[10, 3]] as Array<[number, number]>,
  },
};
const SHA = "b".repeat(40);

// A row of ByteDance-Seed/Multi-SWE-bench in its own schema.
const multiRow = {
  org: "fasterxml",
  repo: "jackson-core",
  number: 1016,
  state: "closed",
  title: "Respect CANONICALIZE_FIELD_NAMES",
  body: "Fixes #1015",
  base: { label: "FasterXML:2.16", ref: "2.16", sha: SHA },
  resolved_issues: [
    {
      number: 1015,
      title: "`JsonFactory` should respect it",
      body: "This is\r\nwrong.",
    },
    { number: 1014, title: "another", body: "not the question" },
  ],
  fix_patch: PATCH,
  test_patch: "diff --git a/src/test/java/T.java b/src/test/java/T.java\n",
};
const multiQuestion = "`JsonFactory` should respect it\nThis is\r\nwrong.";

const entry = (over: Partial<DevSetEntry>): DevSetEntry => ({
  instance_id: "fasterxml__jackson-core-1016",
  repo: "FasterXML/jackson-core",
  language: "java",
  subsets: ["Multi-SWE-bench"],
  base_commit: SHA,
  gold: goldDigest(GOLD),
  question: questionDigest(multiQuestion),
  ...over,
});

describe("publicInstanceId", () => {
  it("reads SWE-bench's id, Multi-SWE-bench's, or builds the latter's org__repo-number", () => {
    expect(
      publicInstanceId({
        instance_id: "psf__requests-1142",
        base_commit: SHA,
        problem_statement: "q",
        patch: PATCH,
      }),
    ).toBe("psf__requests-1142");
    expect(publicInstanceId(multiRow)).toBe("fasterxml__jackson-core-1016");
    expect(
      publicInstanceId({
        ...multiRow,
        instance_id: "FasterXML__jackson-core-1016",
      }),
    ).toBe("fasterxml__jackson-core-1016");
    expect(publicInstanceId({ instance_id: "x" })).toBeUndefined();
  });
});

describe("rebuildDevSet", () => {
  it("maps a Multi-SWE-bench row to the harness's shape: gold from fix_patch, the first issue as the question", () => {
    const rows = new Map([
      ["fasterxml__jackson-core-1016", multiRow as unknown],
    ]);
    const rebuilt = rebuildDevSet([entry({})], rows);
    expect(rebuilt.missing).toEqual([]);
    expect(rebuilt.differences).toEqual([]);
    expect(rebuilt.instances).toEqual([
      {
        instance_id: "fasterxml__jackson-core-1016",
        repo: "FasterXML/jackson-core",
        base_commit: SHA,
        problem_statement: multiQuestion,
        ...GOLD,
        language: "java",
        subsets: ["Multi-SWE-bench"],
      },
    ]);
  });

  it("maps a SWE-bench row as it is, with no language (Python)", () => {
    const row = {
      instance_id: "psf__requests-1142",
      repo: "psf/requests",
      base_commit: SHA,
      problem_statement: "q",
      patch: PATCH,
      test_patch: "",
      version: "1.1",
    };
    const rebuilt = rebuildDevSet(
      [
        entry({
          instance_id: "psf__requests-1142",
          repo: "psf/requests",
          language: "python",
          subsets: ["lite"],
          question: questionDigest("q"),
        }),
      ],
      new Map([["psf__requests-1142", row as unknown]]),
    );
    expect(rebuilt.differences).toEqual([]);
    expect(rebuilt.instances[0]).toEqual({
      instance_id: "psf__requests-1142",
      repo: "psf/requests",
      base_commit: SHA,
      problem_statement: "q",
      ...GOLD,
      subsets: ["lite"],
    });
  });

  it("names a missing row and every field that differs from the list, and still writes the row", () => {
    const other = {
      ...multiRow,
      base: { ...multiRow.base, sha: "c".repeat(40) },
    };
    const rebuilt = rebuildDevSet(
      [
        entry({ gold: "0".repeat(16) }),
        entry({ instance_id: "iamkun__dayjs-1" }),
      ],
      new Map([["fasterxml__jackson-core-1016", other as unknown]]),
    );
    expect(rebuilt.missing).toEqual(["iamkun__dayjs-1"]);
    expect(rebuilt.differences).toEqual([
      {
        instance_id: "fasterxml__jackson-core-1016",
        differs: ["base_commit", "gold"],
      },
    ]);
    expect(rebuilt.instances.map((i) => i.base_commit)).toEqual([
      "c".repeat(40),
    ]);
  });
});
