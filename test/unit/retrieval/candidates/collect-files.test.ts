import type {
  CodeReader,
  CodeSearchHit,
  CodeSearchQuery,
} from "../../../../src/code-host/code-host.js";
import { createFileSetReader } from "../../../../src/code-host/file-set/file-set-reader.js";
import { collectFiles } from "../../../../src/retrieval/candidates/collect-files.js";
import {
  createMemoryFileSource,
  type MemoryFile,
} from "../../../helpers/memory-file-source.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const WHY = "the tree lists 180 MB of text, over the 50 MB cap";

function hit(path: string): CodeSearchHit {
  return {
    path,
    line: 1,
    matchedLine: "x",
    context: { startLine: 1, lines: ["x"] },
    score: 1,
    mode: "code-search",
    matchedTerms: [],
  };
}

/**
 * A reader over `files` that is too large to read whole, its code search
 * answering each query with the paths `search` gives (as GitHub's index
 * would, paths the commit may not hold included), recording every query.
 */
function largeRepository(
  files: Record<string, MemoryFile>,
  search: Record<string, string[]> = {},
) {
  const source = createMemoryFileSource(files);
  const inner = createFileSetReader({ sha: SHA, source });
  const queries: CodeSearchQuery[] = [];
  const reader: CodeReader = {
    ...inner,
    searchCode: async (query) => {
      queries.push(query);
      const hits = (search[query.query] ?? []).map(hit);
      return {
        query: query.query,
        mode: "code-search",
        hits,
        totalCount: hits.length,
        incomplete: false,
        notes: [],
      };
    },
    wholeRepository: async () => ({ cheap: false, why: WHY }),
  };
  return { reader, queries, reads: source.reads };
}

const code = (name: string) => `def ${name}():\n    return 1\n`;

describe("collectFiles", () => {
  it("reads a host without a verdict whole, up to the snapshot cap rather than a fixed default", async () => {
    const files = {
      "a.py": "a".repeat(100),
      "b.py": "b".repeat(100),
      "c.py": "c".repeat(100),
    };
    const reader = createFileSetReader({
      sha: SHA,
      source: createMemoryFileSource(files),
    });
    const all = await collectFiles(reader, [], {
      maxRepositoryBytes: 300,
      exclude: () => false,
    });
    expect(all.mode).toBe("repository");
    expect(all.files.map((f) => f.path)).toEqual(["a.py", "b.py", "c.py"]);
    const capped = await collectFiles(reader, [], {
      maxRepositoryBytes: 250,
      exclude: () => false,
    });
    expect(capped.files.map((f) => f.path)).toEqual(["a.py", "b.py"]);
  });

  it("reads a host that says whole is cheap whole", async () => {
    const { reader } = largeRepository({ "a.py": code("a") });
    const collected = await collectFiles(
      { ...reader, wholeRepository: async () => ({ cheap: true }) },
      ["a"],
      { maxRepositoryBytes: 1e6, exclude: () => false },
    );
    expect(collected.mode).toBe("repository");
    expect(collected.files.map((f) => f.path)).toEqual(["a.py"]);
    expect(collected.note).toBeUndefined();
  });

  it("reads the files the question names first, then code search and path search in turns, and says so", async () => {
    const { reader, queries, reads } = largeRepository(
      {
        "astropy/io/fits/fitsrec.py": code("fitsrec"),
        "astropy/units/decorators.py": code("wrapper"),
        "astropy/io/fits/column.py": code("column"),
        "astropy/io/fits/card.py": code("card"),
        "docs/changes.rst": "nothing here\n",
      },
      { encode_ascii: ["astropy/io/fits/column.py", "gone/since/then.py"] },
    );
    const question = [
      "Possible bug in ``fitsrec.py`` with the column card",
      'File "/usr/lib/python3.6/site-packages/astropy/units/decorators.py", line 225, in wrapper',
    ].join("\n");
    const collected = await collectFiles(reader, ["encode_ascii"], {
      maxRepositoryBytes: 1e6,
      exclude: () => false,
      question,
    });
    expect(collected.mode).toBe("candidates");
    expect(collected.files.map((f) => f.path)).toEqual([
      "astropy/io/fits/fitsrec.py",
      "astropy/units/decorators.py",
      "astropy/io/fits/column.py",
      "astropy/io/fits/card.py",
    ]);
    expect(collected.note).toBe(
      `${WHY}; read 4 files: 2 named in the question, 1 from code search, 1 from path search`,
    );
    // One search per query; a hit the commit does not hold is never read.
    expect(queries.map((q) => q.query)).toEqual(["encode_ascii"]);
    expect(reads.has("gone/since/then.py")).toBe(false);
    expect(reads.has("docs/changes.rst")).toBe(false);
  });

  it("never reads what retrieval skips: excluded, vendored, binary, minified", async () => {
    const minified = `var a=${"1+".repeat(6000)}1;`;
    const { reader, reads } = largeRepository(
      {
        "src/retry.py": code("retry"),
        "private/retry_keys.py": code("retry_keys"),
        "vendor/retry/lib.py": code("retry"),
        "static/retry.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]),
        "static/retry.js": minified,
      },
      {
        retry: [
          "private/retry_keys.py",
          "vendor/retry/lib.py",
          "static/retry.png",
          "static/retry.js",
          "src/retry.py",
        ],
      },
    );
    const collected = await collectFiles(reader, ["retry"], {
      maxRepositoryBytes: 1e6,
      exclude: (path) => path.startsWith("private/"),
      question: "How does retry work?",
    });
    expect(collected.files.map((f) => f.path)).toEqual(["src/retry.py"]);
    expect([...reads.keys()]).toEqual(["static/retry.js", "src/retry.py"]);
    // Code search's first readable hit (the minified script) took its turn
    // first, so src/retry.py is path search's: each file under its first source.
    expect(collected.note).toBe(
      `${WHY}; read 1 file: 0 named in the question, 0 from code search, 1 from path search`,
    );
  });

  it("stops at the file count and passes over a file that would pass the byte budget", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) files[`retry/policy_${i}.py`] = code(`p${i}`);
    files["retry/policy_big.py"] = "x = 1\n".repeat(200);
    const { reader } = largeRepository(files, {
      policy: ["retry/policy_big.py", "retry/policy_0.py"],
    });
    const collected = await collectFiles(reader, ["policy"], {
      maxRepositoryBytes: 1e6,
      maxCandidateFiles: 3,
      maxCandidateBytes: 1000,
      exclude: () => false,
      question: "retry policy",
    });
    expect(collected.files.map((f) => f.path)).toEqual([
      "retry/policy_0.py",
      "retry/policy_1.py",
      "retry/policy_2.py",
    ]);
  });
});
