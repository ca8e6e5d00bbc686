import { renderPullRequest } from "../../../src/agent/render-pull-request.js";
import type { PullRequestFacts } from "../../../src/code-host/pull-request-facts.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createPullRequestDiffTool } from "../../../src/tools/get-pull-request-diff.js";
import { invokeTool } from "../../../src/tools/invoke-tool.js";
import { createPathPolicy } from "../../../src/tools/path-policy.js";
import { FAKE } from "../../helpers/fake-secrets.js";

const counter = createTokenCounter({ model: "gpt-4o" });
// Two hunks: head lines 10-14 (context, two added, context) and 40-41.
const UPLOAD_PATCH = [
  "@@ -10,3 +10,5 @@ def upload(path):",
  "     tries = 0",
  "+    if tries > MAX_TRIES:",
  "+        raise GiveUp(path)",
  "     send(path)",
  "-    log(path)",
  "@@ -40,2 +42,2 @@ def send(path):",
  "-    retry()",
  "+    retry(backoff=2)",
  "     return",
].join("\n");
const PR: PullRequestFacts = {
  number: 7,
  head: { sha: "a".repeat(40), ref: "retry-limit", repository: "fork/upload" },
  base: { ref: "main", sha: "b".repeat(40) },
  state: "open",
  files: [
    {
      path: "src/upload.py",
      status: "modified",
      additions: 3,
      deletions: 2,
      patch: UPLOAD_PATCH,
    },
    {
      path: "config/settings.py",
      status: "modified",
      additions: 1,
      deletions: 0,
      patch: `@@ -1,1 +1,2 @@\n DEBUG = False\n+API_TOKEN = "${FAKE.githubClassic}"`,
    },
    {
      path: ".env",
      status: "added",
      additions: 1,
      deletions: 0,
      patch: "@@ -0,0 +1 @@\n+X=1",
    },
    { path: "logo.png", status: "added", additions: 0, deletions: 0 },
  ],
  changedFiles: 4,
};
const tool = (toolResultBudget = 4_000) =>
  createPullRequestDiffTool({
    pullRequest: PR,
    tokenCounter: counter,
    toolResultBudget,
    policy: createPathPolicy([]),
  });
const call = (path: string, maxTokens = 4_000, budget?: number) =>
  invokeTool(tool(budget), { path }, { maxTokens }, counter);

describe("get_pull_request_diff", () => {
  it("shows a changed file's diff, and counts each hunk's head lines as seen", async () => {
    const output = await call("src/upload.py");
    expect(output.ok).toBe(true);
    expect(JSON.parse(output.text)).toEqual({
      path: "src/upload.py",
      status: "modified",
      additions: 3,
      deletions: 2,
      diff: UPLOAD_PATCH,
      tokens: output.tokens,
    });
    expect(output.seen).toEqual([
      { path: "src/upload.py", startLine: 10, endLine: 13 },
      { path: "src/upload.py", startLine: 42, endLine: 43 },
    ]);
  });

  it("cuts a long diff on whole lines, and counts only what it shows as seen", async () => {
    const output = await call("src/upload.py", 4_000, 95);
    const body = JSON.parse(output.text);
    expect(output.tokens).toBeLessThanOrEqual(95);
    expect(body.truncated).toBe(true);
    expect(body.note).toMatch(/^Showing the first \d+ of 10 diff lines/);
    expect(UPLOAD_PATCH.startsWith(body.diff)).toBe(true);
    const shown = (body.diff as string).split("\n").length;
    expect(shown).toBeLessThan(10);
    expect(output.seen.at(-1)!.endLine).toBeLessThan(43);
  });

  it("redacts a secret the diff adds, and never shows a secret-looking file", async () => {
    const settings = await call("config/settings.py");
    expect(settings.text).not.toContain(FAKE.githubClassic);
    expect(settings.text).toContain("API_TOKEN");
    const env = await call(".env");
    expect(env.ok).toBe(false);
    expect(env.text).toContain("secret");
  });

  it("says which files the pull request changes when asked for another, and why a binary has no diff", async () => {
    const other = await call("src/other.py");
    expect(other.ok).toBe(false);
    expect(other.text).toBe(
      "Error: pull request #7 does not change src/other.py; it changes src/upload.py, config/settings.py, logo.png. Read any file at the head commit with read_file_contents.",
    );
    const png = await call("logo.png");
    expect(png.text).toContain("GitHub shows no diff for logo.png (added");
  });
});

describe("renderPullRequest", () => {
  it("says which commit is read and where it would merge, then lists the changed files", () => {
    const text = renderPullRequest(PR, 1_000, counter);
    expect(text).toContain(
      `# Pull request #7\nThe code is read at the pull request's head, commit ${"a".repeat(40)} (branch retry-limit of fork/upload), which would merge into main.`,
    );
    expect(text).toContain("- src/upload.py: modified, +3 −2\n");
    expect(text).toContain('<data from="files changed by pull request #7">');
  });

  it("lists as many files as fit its budget and says how many it left out", () => {
    const many: PullRequestFacts = {
      ...PR,
      files: Array.from({ length: 200 }, (_, i) => ({
        path: `src/module_${i}.py`,
        status: "modified",
        additions: 1,
        deletions: 1,
      })),
      changedFiles: 900,
    };
    const text = renderPullRequest(many, 400, counter);
    expect(counter.count(text)).toBeLessThanOrEqual(400);
    const listed = text.split("\n").filter((l) => l.startsWith("- ")).length;
    expect(listed).toBeGreaterThan(5);
    expect(text).toContain(
      `(${900 - listed} more changed files are not listed.)`,
    );
  });
});
