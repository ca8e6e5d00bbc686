import { json, setupTools, tokenCounter } from "./code-tools-fixture.js";

const SEARCH = "search_repository_code";

describe("search_repository_code", () => {
  it("returns hits with numbered context, best first, and records what it showed", async () => {
    const { call } = setupTools();
    const output = await call(SEARCH, { query: "MAX_ATTEMPTS" });
    const body = json(output);
    expect(body).toMatchObject({
      query: "MAX_ATTEMPTS",
      mode: "pattern",
      total_count: 2,
      returned: 2,
    });
    const results = body.results as Array<Record<string, unknown>>;
    expect(
      results.map((r) => [r.path, r.line_number, r.matched_line]).sort(),
    ).toEqual([
      ["src/retry.ts", 2, "  if (attempt >= MAX_ATTEMPTS) return false;"],
      ["src/retry.ts", 6, "export const MAX_ATTEMPTS = 4;"],
    ]);
    const first = results.find((r) => r.line_number === 2);
    expect(first?.context).toMatch(/^1\texport function shouldRetry/);
    expect(output.tokens).toBe(tokenCounter.count(output.text));
    expect(output.seen.every((s) => s.path === "src/retry.ts")).toBe(true);
    expect(output.seen.length).toBe(2);
  });

  it("never shows hits in secret-looking or excluded files, and says so", async () => {
    const { call } = setupTools();
    const body = json(await call(SEARCH, { query: "shouldRetry" }));
    const paths = (body.results as Array<{ path: string }>).map((r) => r.path);
    expect(paths).toEqual(["src/retry.ts"]);
    expect(body.notes).toContain(
      "3 results are in secret-looking or excluded files and not shown.",
    );
    expect(JSON.stringify(body)).not.toContain("secret-value");
  });

  it("reads a glob as a directory and an extension", async () => {
    const { call } = setupTools();
    const body = json(
      await call(SEARCH, {
        query: "export",
        path: "src/**/*.ts",
        max_results: 50,
      }),
    );
    const paths = new Set(
      (body.results as Array<{ path: string }>).map((r) => r.path),
    );
    expect(
      [...paths].every((p) => p.startsWith("src/") && p.endsWith(".ts")),
    ).toBe(true);
  });

  it("leaves context lines out before it leaves results out", async () => {
    const { call } = setupTools({ toolResultBudget: 500 });
    const output = await call(SEARCH, { query: "compute", max_results: 50 });
    expect(output.tokens).toBeLessThanOrEqual(500);
    const body = json(output);
    expect(body).toMatchObject({ returned: 5, truncated: true });
    expect(body.note).toBe(
      "Context lines are left out to fit the 500-token result budget; read a result's lines with read_file_contents.",
    );
    const results = body.results as Array<Record<string, unknown>>;
    expect(results.every((r) => r.context === undefined)).toBe(true);
    expect(output.seen).toEqual(
      [1, 2, 3, 4, 5].map((line) => ({
        path: "src/long.ts",
        startLine: line,
        endLine: line,
      })),
    );
  });

  it("cuts the results to the budget and says how to see the rest", async () => {
    const { call } = setupTools({ toolResultBudget: 250 });
    const output = await call(SEARCH, { query: "compute", max_results: 50 });
    expect(output.tokens).toBeLessThanOrEqual(250);
    const body = json(output);
    const returned = body.returned as number;
    expect(returned).toBeGreaterThan(0);
    expect(returned).toBeLessThan(5);
    expect(body.note).toBe(
      `Showing ${returned} of 5 results to fit the 250-token result budget, without context lines. ` +
        "Narrow the search with path or language, or read a result's lines with read_file_contents.",
    );
    expect(output.seen).toHaveLength(returned);
  });

  it("says when the budget left cannot hold any result", async () => {
    const { call } = setupTools();
    const output = await call(SEARCH, { query: "compute" }, 20);
    expect(output).toMatchObject({
      ok: false,
      text: "Error: the token budget left for this result (20) is too small to show any search results. Answer with what you have.",
    });
  });

  it("says what to try when nothing matches", async () => {
    const { call } = setupTools();
    const body = json(await call(SEARCH, { query: "zzzqqq_not_there" }));
    expect(body.returned).toBe(0);
    expect(body.notes).toContain(
      "No matches. Try an identifier or a shorter phrase, drop the filters, or look around with list_directory_contents.",
    );
  });

  it("answers bad arguments with what to fix", async () => {
    const { call } = setupTools();
    const output = await call(SEARCH, { query: "", max_results: 99 });
    expect(output.ok).toBe(false);
    expect(output.text).toBe(
      "Error: invalid arguments for search_repository_code: query: Too small: expected string to have >=1 characters; " +
        "max_results: Too big: expected number to be <=50. " +
        "Call it again with query (string, required), path (string), language (string), max_results (integer).",
    );
  });

  it("refuses a path filter outside the repository", async () => {
    const { call } = setupTools();
    const output = await call(SEARCH, { query: "x", path: "/etc" });
    expect(output.ok).toBe(false);
    expect(output.text).toContain(
      "Give path as a directory relative to the repository root",
    );
  });
});
