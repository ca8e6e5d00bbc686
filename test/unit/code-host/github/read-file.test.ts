import nock from "nock";
import {
  readGitHubFile,
  readGitHubText,
} from "../../../../src/code-host/github/read-file.js";
import { InvalidPathError } from "../../../../src/shared/errors.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  HELLO_WORLD,
  githubFixture,
  nockGetContent,
  nockGetRawContent,
} from "../../../helpers/nock-github.js";

const { sha: SHA } = HELLO_WORLD;
const retrySource = Buffer.from(
  githubFixture<{ content: string }>("contents/file-retry.json").content,
  "base64",
).toString("utf8");

// 100,000 lines of 25 bytes: the 2,500,000-byte file of contents/file-large.json.
function eventsLog(): string {
  let text = "";
  for (let i = 1; i <= 100_000; i++)
    text += `line ${String(i).padStart(6, "0")} ${"x".repeat(12)}\n`;
  return text;
}

describe("readGitHubFile", () => {
  it("decodes a base64 file (wrapped at 60 characters, as GitHub sends it)", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "src/retry.ts",
      body: "contents/file-retry.json",
    });

    const file = await readGitHubFile(ctx, SHA, "src/retry.ts");

    expect(file).toStrictEqual({
      kind: "text",
      path: "src/retry.ts",
      blobSha: githubFixture<{ sha: string }>("contents/file-retry.json").sha,
      size: Buffer.byteLength(retrySource),
      totalLines: 30,
      text: retrySource.replace(/\n$/, ""),
      startLine: 1,
      endLine: 30,
      truncated: false,
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("returns a 1-based inclusive line range, and a second range costs no request", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "src/retry.ts",
      body: "contents/file-retry.json",
    });

    const range = await readGitHubFile(ctx, SHA, "src/retry.ts", {
      startLine: 14,
      endLine: 16,
    });
    const again = await readGitHubFile(ctx, SHA, "./src//retry.ts", {
      startLine: 1,
      endLine: 1,
    });

    expect(range).toMatchObject({
      kind: "text",
      startLine: 14,
      endLine: 16,
      text: [
        "export async function retry<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {",
        "  let attempt = 0;",
        "  for (;;) {",
      ].join("\n"),
    });
    expect(again).toMatchObject({
      text: 'import { backoff } from "./lib/backoff.js";',
    });
    expect(ctx.api.stats).toMatchObject({ requests: 1, hits: 1 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("cuts a file at the size limit on a line boundary and says how to read on", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "src/retry.ts",
      body: "contents/file-retry.json",
    });

    const file = await readGitHubFile(
      ctx,
      SHA,
      "src/retry.ts",
      {},
      { maxFileBytes: 200 },
    );

    expect(file).toMatchObject({
      kind: "text",
      startLine: 1,
      endLine: 5,
      truncated: true,
    });
    expect(
      file.kind === "text" && Buffer.byteLength(file.text),
    ).toBeLessThanOrEqual(200);
    expect(file.kind === "text" && file.note).toBe(
      "Cut at the 200 bytes read limit after line 5 of 30; read on with startLine 6.",
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("fetches a file between 1 and 100 MB with the raw media type and cuts it at 1 MB", async () => {
    const ctx = createTestRepoContext();
    const log = eventsLog();
    const scope = nockGetContent({
      path: "data/events.log",
      body: "contents/file-large.json",
    });
    nockGetRawContent({ path: "data/events.log", body: log }, scope);

    const file = await readGitHubFile(ctx, SHA, "data/events.log");
    const next = await readGitHubFile(ctx, SHA, "data/events.log", {
      startLine: 41944,
      endLine: 41945,
    });

    // 1 MB holds 41,943 lines of 25 bytes (the last newline is not returned).
    expect(file).toMatchObject({
      kind: "text",
      size: 2_500_000,
      startLine: 1,
      endLine: 41943,
      totalLines: 100_000,
      truncated: true,
      note: "Cut at the 1 MB read limit after line 41943 of 100000; read on with startLine 41944.",
    });
    expect(next).toMatchObject({
      text: "line 041944 xxxxxxxxxxxx\nline 041945 xxxxxxxxxxxx",
      truncated: false,
    });
    expect(ctx.api.stats.requests).toBe(2);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("gives metadata only for a binary file", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "docs/logo.png",
      body: "contents/file-binary.json",
    });

    await expect(
      readGitHubFile(ctx, SHA, "docs/logo.png"),
    ).resolves.toStrictEqual({
      kind: "binary",
      path: "docs/logo.png",
      blobSha: githubFixture<{ sha: string }>("contents/file-binary.json").sha,
      size: 70,
      note: "Binary file (70 bytes); its contents are not shown.",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("recognises a large binary file fetched raw as bytes", async () => {
    const ctx = createTestRepoContext();
    const bytes = Buffer.alloc(2_500_000, 0xab);
    bytes.write("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 0, "latin1");
    const scope = nockGetContent({
      path: "data/events.log",
      body: "contents/file-large.json",
    });
    nockGetRawContent(
      {
        path: "data/events.log",
        body: bytes,
        headers: { "content-type": "application/octet-stream" },
      },
      scope,
    );

    await expect(
      readGitHubFile(ctx, SHA, "data/events.log"),
    ).resolves.toMatchObject({
      kind: "binary",
      size: 2_500_000,
      note: "Binary file (2.4 MB); its contents are not shown.",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("describes a symlink GitHub reports as one", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "docs/latest.md",
      body: "contents/symlink.json",
    });

    await expect(
      readGitHubFile(ctx, SHA, "docs/latest.md"),
    ).resolves.toStrictEqual({
      kind: "symlink",
      path: "docs/latest.md",
      target: "../README.md",
      note: "Symlink to README.md; read that path instead.",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("reports a symlink GitHub followed to its target as the link, as a snapshot would", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "docs/latest.md",
      body: "contents/symlink-followed.json",
    });

    await expect(
      readGitHubFile(ctx, SHA, "docs/latest.md"),
    ).resolves.toStrictEqual({
      kind: "symlink",
      path: "docs/latest.md",
      target: "../README.md",
      note: "Symlink to README.md; read that path instead.",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("describes a submodule with its pinned commit and URL", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "vendor/octicons",
      body: "contents/submodule.json",
    });

    await expect(
      readGitHubFile(ctx, SHA, "vendor/octicons"),
    ).resolves.toStrictEqual({
      kind: "submodule",
      path: "vendor/octicons",
      commit: "3f786850e387550fdab836ed7e6dc881de23001b",
      url: "https://github.com/primer/octicons.git",
      note:
        "A git submodule pinned at commit 3f786850e387550fdab836ed7e6dc881de23001b; its files live in " +
        "another repository (https://github.com/primer/octicons.git) and are not read here.",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("says a directory is one and how to list it", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "src",
      body: "contents/dir-src.json",
    });

    await expect(readGitHubFile(ctx, SHA, "src/")).resolves.toStrictEqual({
      kind: "directory",
      path: "src",
      note: "src is a directory; use list_directory_contents to see what it holds.",
    });
    await expect(readGitHubFile(ctx, SHA, "/")).resolves.toMatchObject({
      kind: "directory",
      path: "",
    });
    expect(ctx.api.stats.requests).toBe(1);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("answers a deleted or missing file (404) with a note, not an error", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "src/gone.ts",
      status: 404,
      body: "errors/not-found-contents.json",
    });

    await expect(
      readGitHubFile(ctx, SHA, "src/gone.ts"),
    ).resolves.toStrictEqual({
      kind: "missing",
      path: "src/gone.ts",
      note: `No such file at ${SHA}: src/gone.ts.`,
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("encodes spaces, '#', '?', '%' and non-ASCII characters segment by segment", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "docs/r%C3%A9sum%C3%A9%20%231%3F%25.md",
      body: {
        ...githubFixture<object>("contents/file-readme.json"),
        path: "docs/résumé #1?%.md",
      },
    });

    await expect(
      readGitHubFile(ctx, SHA, "docs/résumé #1?%.md"),
    ).resolves.toMatchObject({
      kind: "text",
      path: "docs/résumé #1?%.md",
      text: "# hello-world\n\nA small repository that askcode's tests read.",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it.each([
    ["../secrets.txt", "'..' is not allowed"],
    ["src/../../etc/passwd", "'..' is not allowed"],
    ["/etc/passwd", "it is an absolute path"],
    ["src/a\0.ts", "it contains a NUL byte"],
    ["src\\retry.ts", "use forward slashes"],
  ])("refuses %j before any request", async (path, reason) => {
    const ctx = createTestRepoContext();

    const error = await readGitHubFile(ctx, SHA, path).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(InvalidPathError);
    expect((error as Error).message).toContain(reason);
    expect(ctx.api.stats.requests).toBe(0);
    expect(nock.pendingMocks()).toStrictEqual([]);
  });
});

describe("readGitHubText", () => {
  it("returns a whole text file, and nothing for a binary, a link or a missing path", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "src/retry.ts",
      body: "contents/file-retry.json",
    });
    nockGetContent(
      { path: "docs/logo.png", body: "contents/file-binary.json" },
      scope,
    );
    nockGetContent(
      { path: "docs/latest.md", body: "contents/symlink.json" },
      scope,
    );
    nockGetContent(
      { path: "nope.ts", status: 404, body: "errors/not-found-contents.json" },
      scope,
    );

    await expect(readGitHubText(ctx, SHA, "src/retry.ts")).resolves.toBe(
      retrySource,
    );
    await expect(
      readGitHubText(ctx, SHA, "docs/logo.png"),
    ).resolves.toBeUndefined();
    await expect(
      readGitHubText(ctx, SHA, "docs/latest.md"),
    ).resolves.toBeUndefined();
    await expect(readGitHubText(ctx, SHA, "nope.ts")).resolves.toBeUndefined();
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
