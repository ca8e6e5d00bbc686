import {
  goldDigest,
  parseDevSetList,
  questionDigest,
  renderDevSetList,
} from "../../../../bench/data-sets/dev-set-list.js";

const instance = {
  instance_id: "psf__requests-1142",
  repo: "psf/requests",
  base_commit: "a".repeat(40),
  problem_statement: "requests.get is always sending content length\r\n",
  gold_files: ["requests/models.py", "requests/adapters.py"],
  gold_hunks: {
    "requests/models.py": [
      [386, 7],
      [10, 3],
    ] as Array<[number, number]>,
    "requests/adapters.py": [[5, 1]] as Array<[number, number]>,
  },
  subsets: ["lite", "verified"],
};

describe("goldDigest", () => {
  it("does not depend on the order files and hunks are listed in", () => {
    const reordered = {
      gold_files: ["requests/adapters.py", "requests/models.py"],
      gold_hunks: {
        "requests/adapters.py": [[5, 1]] as Array<[number, number]>,
        "requests/models.py": [
          [10, 3],
          [386, 7],
        ] as Array<[number, number]>,
      },
    };
    expect(goldDigest(reordered)).toBe(goldDigest(instance));
    expect(goldDigest(instance)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("changes when a hunk, a file or the question changes", () => {
    const moved = {
      ...instance,
      gold_hunks: { ...instance.gold_hunks, "requests/adapters.py": [[5, 2]] },
    } as typeof instance;
    expect(goldDigest(moved)).not.toBe(goldDigest(instance));
    expect(
      goldDigest({ ...instance, gold_files: ["requests/models.py"] }),
    ).not.toBe(goldDigest(instance));
    // Byte for byte: a CRLF issue text copied as LF is another question.
    expect(questionDigest(instance.problem_statement)).not.toBe(
      questionDigest(instance.problem_statement.replace("\r\n", "\n")),
    );
  });
});

describe("renderDevSetList and parseDevSetList", () => {
  it("read back what was written, Python and the subsets included", () => {
    const java = {
      ...instance,
      instance_id: "fasterxml__jackson-core-1016",
      repo: "FasterXML/jackson-core",
      language: "java",
      subsets: [],
    };
    const text = renderDevSetList(["A dev set", ""], [instance, java]);
    expect(text.split("\n").slice(0, 3)).toEqual([
      "# A dev set",
      "#",
      "# instance_id\trepo\tlanguage\tsubsets\tbase_commit\tgold\tquestion",
    ]);
    expect(parseDevSetList(text)).toEqual([
      {
        instance_id: "psf__requests-1142",
        repo: "psf/requests",
        language: "python",
        subsets: ["lite", "verified"],
        base_commit: "a".repeat(40),
        gold: goldDigest(instance),
        question: questionDigest(instance.problem_statement),
      },
      expect.objectContaining({
        instance_id: "fasterxml__jackson-core-1016",
        repo: "FasterXML/jackson-core",
        language: "java",
        subsets: [],
      }),
    ]);
  });

  it("names the line that lacks a column", () => {
    expect(() =>
      parseDevSetList("# header\npsf__requests-1142\tpsf/requests\n", "x.ids"),
    ).toThrow(/^x\.ids:2 is not a dev set entry: expected 7 tab-separated/);
  });
});
