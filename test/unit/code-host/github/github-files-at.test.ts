import nock from "nock";
import { gitBlobSha } from "../../../../src/code-host/github/git-blob-sha.js";
import { githubFilesAt } from "../../../../src/code-host/github/github-files-at.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  githubFixture,
  HELLO_WORLD,
  nockGetBlob,
  nockGetContent,
} from "../../../helpers/nock-github.js";

const SHA = HELLO_WORLD.sha;
const RETRY = githubFixture<{ sha: string; content: string }>(
  "contents/file-retry.json",
);

describe("githubFilesAt", () => {
  afterEach(() => nock.cleanAll());

  it("reads a file's blob SHA and text from one Contents answer, and says no file where there is none", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "src/retry.ts",
      body: "contents/file-retry.json",
    });
    nockGetContent(
      { path: "gone.ts", status: 404, body: "errors/not-found-contents.json" },
      scope,
    );
    nockGetContent({ path: "src", body: "contents/dir-src.json" }, scope);
    const files = githubFilesAt(ctx, SHA);

    const retry = await files.at("src/retry.ts");
    expect(retry?.blob).toBe(RETRY.sha);
    expect(await retry?.text()).toBe(
      Buffer.from(RETRY.content, "base64").toString("utf8"),
    );
    expect(await files.at("gone.ts")).toBeUndefined();
    expect(await files.at("src")).toBeUndefined();
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("reads a file over 1 MB from its blob, only when its text is asked for", async () => {
    const ctx = createTestRepoContext();
    const bytes = Buffer.from("line 1\n".repeat(200_000));
    const sha = gitBlobSha(bytes);
    const large = githubFixture<Record<string, unknown>>(
      "contents/file-large.json",
    );
    // The fixture's SHA, made the real one of these bytes (the blob is checked against it).
    const scope = nockGetContent({
      path: "data/events.log",
      body: { ...large, sha, size: bytes.length },
    });
    const files = githubFilesAt(ctx, SHA);

    const log = await files.at("data/events.log");
    expect(log?.blob).toBe(sha);
    expect(scope.pendingMocks()).toStrictEqual([]);

    const blob = nockGetBlob({ sha, bytes });
    expect(await log?.text()).toBe(bytes.toString("utf8"));
    expect(blob.pendingMocks()).toStrictEqual([]);
  });

  it("reads a blob by SHA once, and says nothing of one GitHub no longer has", async () => {
    const ctx = createTestRepoContext();
    const bytes = Buffer.from("def serve(port):\n    return port\n");
    const sha = gitBlobSha(bytes);
    const gone = "0123456789abcdef0123456789abcdef01234567";
    const scope = nockGetBlob({ sha, bytes });
    nockGetBlob(
      { sha: gone, status: 404, body: "errors/not-found-blob.json" },
      scope,
    );
    const files = githubFilesAt(ctx, SHA);

    expect(await files.blob(sha)).toBe(bytes.toString("utf8"));
    // Asked again (another answer citing it): no second request.
    expect(await files.blob(sha)).toBe(bytes.toString("utf8"));
    expect(await files.blob(gone)).toBeUndefined();
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
