import type { SearchFile } from "../../../../src/code-host/file-set/search-file.js";
import {
  resolveMaxResults,
  searchFiles,
} from "../../../../src/code-host/file-set/search-files.js";
import { searchPaths } from "../../../../src/code-host/file-set/search-paths.js";
import { searchPattern } from "../../../../src/code-host/file-set/search-pattern.js";
import { searchTokenized } from "../../../../src/code-host/file-set/search-tokenized.js";

const files: SearchFile[] = [
  {
    path: "src/retry/backoff.ts",
    text: [
      "import { sleep } from './sleep';",
      "",
      "// Doubles the delay after each failed attempt.",
      "export function computeBackoff(attempt: number): number {",
      "  return 100 * 2 ** attempt;",
      "}",
      "",
      "export const MAX_ATTEMPTS = 5;",
    ].join("\n"),
  },
  {
    path: "src/http/client.ts",
    text: [
      "import { computeBackoff } from '../retry/backoff';",
      "",
      "export async function send(request: Request) {",
      "  for (let attempt = 0; ; attempt++) {",
      "    const delay = computeBackoff(attempt);",
      "    await wait(delay);",
      "  }",
      "}",
    ].join("\n"),
  },
  {
    path: "docs/retry-policy.md",
    text: "# Retry policy\n\nWe give up after five attempts.\n",
  },
  {
    path: "src/retry/policy.py",
    text: "def should_retry(status):\n    return status >= 500\n",
  },
  { path: "README.md", text: "# demo\n" },
];

describe("searchPattern (phase 1)", () => {
  it("finds a literal, case-insensitive match with its line and three lines of context", () => {
    const { hits, totalCount, matchedFiles } = searchPattern(
      files,
      "COMPUTEBACKOFF",
      { maxResults: 20 },
    );
    expect(totalCount).toBe(3);
    expect(matchedFiles).toBe(2);
    const definition = hits[0];
    expect(definition).toMatchObject({
      path: "src/retry/backoff.ts",
      line: 4,
      matchedLine: "export function computeBackoff(attempt: number): number {",
      mode: "pattern",
      matchedTerms: ["COMPUTEBACKOFF"],
    });
    expect(definition?.context).toEqual({
      startLine: 1,
      lines: [
        "import { sleep } from './sleep';",
        "",
        "// Doubles the delay after each failed attempt.",
        "export function computeBackoff(attempt: number): number {",
        "  return 100 * 2 ** attempt;",
        "}",
        "",
      ],
    });
  });

  it("ranks the definition above uses, and more matches per file above fewer", () => {
    const { hits } = searchPattern(files, "computeBackoff", { maxResults: 20 });
    expect(hits.map((hit) => `${hit.path}:${hit.line}`)).toEqual([
      "src/retry/backoff.ts:4",
      "src/http/client.ts:1",
      "src/http/client.ts:5",
    ]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score + 7);
  });

  it("gives one hit per line, and at most five lines per file", () => {
    const noisy = {
      path: "noisy.ts",
      text: Array.from({ length: 40 }, () => "retry retry").join("\n"),
    };
    const { hits, totalCount } = searchPattern([noisy], "retry", {
      maxResults: 20,
    });
    expect(totalCount).toBe(40);
    expect(hits).toHaveLength(5);
    expect(hits.map((hit) => hit.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it("clips a very long matched line around the match", () => {
    const minified = {
      path: "bundle.min.js",
      text: "x".repeat(10_000) + "needle" + "y".repeat(10_000),
    };
    const [hit] = searchPattern([minified], "needle", { maxResults: 1 }).hits;
    expect(hit!.matchedLine.length).toBeLessThan(310);
    expect(hit!.matchedLine).toContain("needle");
  });
});

describe("searchPaths (phase 2)", () => {
  it("needs two distinct tokens in a path for a multi-token query", () => {
    const { hits } = searchPaths(files, ["retry", "policy", "unrelated"], {
      maxResults: 20,
    });
    // Both tokens in the file name itself outrank one in the name and one in a directory.
    expect(hits.map((hit) => hit.path)).toEqual([
      "docs/retry-policy.md",
      "src/retry/policy.py",
    ]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits[1]).toMatchObject({
      line: 0,
      matchedLine: "[file path match]",
      mode: "path",
    });
    expect(hits[1]!.matchedTerms).toEqual(["retry", "policy"]);
    expect(hits[1]!.context).toEqual({
      startLine: 1,
      lines: ["def should_retry(status):", "    return status >= 500"],
    });
  });

  it("does not match a multi-token query on one token alone", () => {
    expect(
      searchPaths(files, ["http", "nothing"], { maxResults: 20 }).hits,
    ).toEqual([]);
  });

  it("matches a one-token query on that token, file names and shorter paths first", () => {
    const { hits } = searchPaths(files, ["backoff"], { maxResults: 20 });
    expect(hits.map((hit) => hit.path)).toEqual(["src/retry/backoff.ts"]);
    const ranked = searchPaths(
      [
        { path: "a/b/c/retry/index.ts", text: "" },
        { path: "lib/retry.ts", text: "" },
      ],
      ["retry"],
      { maxResults: 20 },
    );
    expect(ranked.hits.map((hit) => hit.path)).toEqual([
      "lib/retry.ts",
      "a/b/c/retry/index.ts",
    ]);
  });
});

describe("searchTokenized (phase 3)", () => {
  it("ranks files by distinct tokens first, then frequency, and shows each file's best line", () => {
    const corpus: SearchFile[] = [
      { path: "many.ts", text: "delay delay delay delay delay delay\n" },
      {
        path: "both.ts",
        text: "const a = 1;\n// the delay grows with each attempt\nconst b = 2;\n",
      },
    ];
    const { hits, totalCount } = searchTokenized(corpus, ["delay", "attempt"], {
      maxResults: 20,
    });
    expect(totalCount).toBe(2);
    expect(hits.map((hit) => hit.path)).toEqual(["both.ts", "many.ts"]);
    expect(hits[0]).toMatchObject({
      line: 2,
      matchedLine: "// the delay grows with each attempt",
      mode: "tokenized",
      matchedTerms: ["delay", "attempt"],
      score: 2002,
    });
    expect(hits[1]!.score).toBe(1006);
  });
});

describe("searchFiles", () => {
  it("stops at the pattern phase when the literal query matches, and says so", () => {
    const result = searchFiles(files, { query: "MAX_ATTEMPTS" });
    expect(result).toMatchObject({
      mode: "pattern",
      totalCount: 1,
      incomplete: false,
    });
    expect(result.tokens).toBeUndefined();
    expect(result.notes).toEqual([
      'Found 1 matching line for "MAX_ATTEMPTS" in 1 file (literal, case-insensitive).',
    ]);
  });

  it("falls back to file paths when the phrase is not in any file", () => {
    const result = searchFiles(files, { query: "retry policy configuration" });
    expect(result.mode).toBe("path");
    expect(result.tokens).toEqual(["retry", "policy", "configuration"]);
    expect(result.hits.map((hit) => hit.path)).toEqual([
      "docs/retry-policy.md",
      "src/retry/policy.py",
    ]);
    expect(result.notes).toEqual([
      'No literal match for "retry policy configuration"; matched file paths instead (tokens: retry, policy, configuration).',
    ]);
  });

  it("falls back to tokens in contents when neither the phrase nor paths match", () => {
    const result = searchFiles(files, {
      query: "how is the delay for an attempt computed?",
    });
    expect(result.mode).toBe("tokenized");
    expect(result.tokens).toEqual(["delay", "attempt", "computed"]);
    expect(result.hits[0]).toMatchObject({
      path: "src/http/client.ts",
      line: 5,
      matchedTerms: ["delay", "attempt"],
    });
    expect(result.notes[0]).toMatch(
      /^No literal match for "how is the delay for an attempt computed\?" and no file path contains two of its tokens; matched its tokens separately in file contents/,
    );
  });

  it("does not run the tokenized phase for a one-token query", () => {
    const result = searchFiles(files, { query: "nonexistentidentifier" });
    expect(result).toMatchObject({
      mode: "path",
      hits: [],
      totalCount: 0,
      tokens: ["nonexistentidentifier"],
    });
    expect(result.notes[0]).toContain(
      "the tokenized fallback needs at least two tokens",
    );
  });

  it("reports when nothing matches in any phase", () => {
    const result = searchFiles(files, { query: "quantum flux capacitor" });
    expect(result).toMatchObject({
      mode: "tokenized",
      hits: [],
      totalCount: 0,
    });
    expect(result.notes).toEqual([
      'Nothing matched "quantum flux capacitor", as a whole, in file paths or token by token (tokens: quantum, flux, capacitor).',
    ]);
  });

  it("explains an empty query instead of matching everything", () => {
    const result = searchFiles(files, { query: "   " });
    expect(result.hits).toEqual([]);
    expect(result.notes).toEqual([
      "The query is empty; give words, an identifier or a phrase to look for.",
    ]);
  });

  it("applies pathPrefix, extension, filename and language filters to every phase", () => {
    expect(
      searchFiles(files, { query: "retry", pathPrefix: "docs" }).hits.map(
        (h) => h.path,
      ),
    ).toEqual(["docs/retry-policy.md"]);
    expect(
      searchFiles(files, { query: "retry", extension: ".py" }).hits.map(
        (h) => h.path,
      ),
    ).toEqual(["src/retry/policy.py"]);
    expect(
      searchFiles(files, { query: "demo", filename: "readme.md" }).hits.map(
        (h) => h.path,
      ),
    ).toEqual(["README.md"]);
    const typescript = searchFiles(files, {
      query: "attempt",
      language: "TypeScript",
    });
    expect(new Set(typescript.hits.map((h) => h.path))).toEqual(
      new Set(["src/retry/backoff.ts", "src/http/client.ts"]),
    );
    expect(typescript.notes[0]).toBe(
      "Only files language typescript (.ts, .mts, .cts, .tsx).",
    );
    // The path phase is filtered too: the docs file would match "retry policy" by path.
    const paths = searchFiles(files, {
      query: "retry policy configuration",
      language: "py",
    });
    expect(paths.hits.map((h) => h.path)).toEqual(["src/retry/policy.py"]);
  });

  it("treats an unknown language as an extension and says so", () => {
    const result = searchFiles([{ path: "a.hare", text: "let retry = 1;" }], {
      query: "retry",
      language: "hare",
    });
    expect(result.hits.map((h) => h.path)).toEqual(["a.hare"]);
    expect(result.notes[0]).toContain(
      'Language "hare" is not one askcode knows',
    );
  });

  it("reads a language by the language table: aliases, files known by name, shared headers", () => {
    const sources = [
      { path: "cmd/retry.go", text: "retry" },
      { path: "include/retry.h", text: "retry" },
      { path: "src/retry.cc", text: "retry" },
      { path: "src/retry.c", text: "retry" },
      { path: "Gemfile", text: "retry" },
      { path: "lib/retry.rb", text: "retry" },
    ];
    const paths = (language: string) =>
      new Set(
        searchFiles(sources, { query: "retry", language }).hits.map(
          (h) => h.path,
        ),
      );
    expect(paths("golang")).toEqual(new Set(["cmd/retry.go"]));
    expect(paths("cpp")).toEqual(new Set(["include/retry.h", "src/retry.cc"]));
    expect(paths("C")).toEqual(new Set(["include/retry.h", "src/retry.c"]));
    expect(paths("Ruby")).toEqual(new Set(["Gemfile", "lib/retry.rb"]));
    expect(
      searchFiles(sources, { query: "retry", language: "rb" }).notes[0],
    ).toBe(
      "Only files language ruby (.rb, .rake, .gemspec, gemfile, rakefile, vagrantfile).",
    );
  });

  it("returns at most maxResults hits (default 20, at most 100) while totalCount counts all", () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      path: `f${String(i).padStart(3, "0")}.ts`,
      text: "needle\n",
    }));
    expect(searchFiles(many, { query: "needle" }).hits).toHaveLength(20);
    const capped = searchFiles(many, { query: "needle", maxResults: 500 });
    expect(capped.hits).toHaveLength(100);
    expect(capped.totalCount).toBe(150);
    expect(capped.notes).toContain(
      "maxResults 500 is not a whole number from 1 to 100; used 100.",
    );
    const three = searchFiles(many, { query: "needle", maxResults: 3 });
    expect(three.hits.map((h) => h.path)).toEqual([
      "f000.ts",
      "f001.ts",
      "f002.ts",
    ]);
    expect(three.notes[0]).toContain("showing the best 3");
  });

  it("rejects a pathPrefix that climbs out of the repository", () => {
    expect(() =>
      searchFiles(files, { query: "x", pathPrefix: "../etc" }),
    ).toThrow("'..' is not allowed");
  });
});

describe("resolveMaxResults", () => {
  it("defaults to 20 and keeps whole numbers within 1..100", () => {
    expect(resolveMaxResults(undefined)).toBe(20);
    expect(resolveMaxResults(7)).toBe(7);
    expect(resolveMaxResults(0)).toBe(1);
    expect(resolveMaxResults(2.7)).toBe(2);
    expect(resolveMaxResults(Number.NaN)).toBe(20);
  });
});
