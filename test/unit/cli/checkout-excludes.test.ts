import { openMcpSession } from "../../../src/cli/open-mcp-session.js";
import { runAsk } from "../../../src/cli/run-ask.js";
import { runIndex } from "../../../src/cli/run-index.js";
import type { AskResult } from "../../../src/cli/ask-result.js";
import { createLocalCodeHost } from "../../../src/code-host/local/local-code-host.js";
import { withoutExcludedPaths } from "../../../src/cli/checkout-excludes.js";
import {
  commitAll,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

// The fixture holds the question's words more often than the source does:
// unexcluded, it is the first place.
const FILES = {
  "src/retry.py":
    "def should_retry_upload(status):\n    return status >= 500\n",
  "fixtures/retry_upload_cases.py":
    "# should_retry_upload retry upload cases\n" +
    "def should_retry_upload(status):\n    return True  # retry upload retry upload\n",
};
const QUESTION = "where is should_retry_upload decided for a retry upload?";
const EXCLUDING = { ".github/askcode.yml": "exclude_paths:\n  - fixtures/\n" };

async function askJson(repo: string, cacheDir?: string): Promise<AskResult> {
  let text = "";
  await runAsk(
    [
      QUESTION,
      "--repo",
      repo,
      "--json",
      ...(cacheDir ? ["--cache-dir", cacheDir] : ["--no-cache"]),
    ],
    { cwd: "/", stdout: { write: (chunk: string) => (text += chunk) } },
    { startBackgroundIndex: () => {} },
  );
  return JSON.parse(text) as AskResult;
}

const shownPaths = (result: AskResult) => [
  ...result.places.map((p) => p.path),
  ...result.alsoRelevant.map((a) => a.path),
  ...result.packing.files.map((f) => f.path),
];

describe("exclude_paths of the checkout's .github/askcode.yml, in askcode ask, index and mcp", () => {
  let repo: string;
  let cacheDir: string;
  beforeEach(() => {
    repo = initRepo();
    cacheDir = makeTempDir();
    writeFiles(repo, FILES);
  });
  afterEach(() => {
    removeDir(repo);
    removeDir(cacheDir);
  });

  it("shows an excluded file nowhere in askcode ask's answer, which shows it without the setting", async () => {
    commitAll(repo, "first");
    expect(shownPaths(await askJson(repo))).toContain(
      "fixtures/retry_upload_cases.py",
    );

    writeFiles(repo, EXCLUDING);
    commitAll(repo, "exclude the fixtures");
    const result = await askJson(repo);
    expect(result.places[0]?.path).toBe("src/retry.py");
    expect(shownPaths(result)).not.toContain("fixtures/retry_upload_cases.py");
  });

  it("keeps the index askcode index builds without the excluded files, so the question that loads it shows none", async () => {
    writeFiles(repo, EXCLUDING);
    commitAll(repo, "first");
    await runIndex(
      { repo, cacheDir, quiet: true },
      { stdout: { write: () => true } },
    );
    const result = await askJson(repo, cacheDir);
    expect(result.partialIndex).toBeUndefined();
    expect(shownPaths(result)).not.toContain("fixtures/retry_upload_cases.py");
    expect(result.filesRanked).toBe(2); // src/retry.py and .github/askcode.yml
  });

  it("leaves the excluded files out of askcode mcp's answers and its reader's listing", async () => {
    writeFiles(repo, EXCLUDING);
    commitAll(repo, "first");
    const session = await openMcpSession(
      { repo, model: "gpt-4o", cacheDir: undefined },
      { startBackgroundIndex: () => {} },
    );
    const answer = await session.withCheckout(
      async (view) => (await session.ask(view, QUESTION, 12_000)).text,
    );
    expect(answer).toContain("src/retry.py");
    expect(answer).not.toContain("fixtures/retry_upload_cases.py");
    const listed = await session.withCheckout(async (view) =>
      (await view.reader.listTree()).entries.map((e) => e.path),
    );
    expect(listed).not.toContain("fixtures/retry_upload_cases.py");
    expect(listed).toContain("src/retry.py");
  });

  it("says a broken exclude_paths on stderr's channel and hides nothing", async () => {
    writeFiles(repo, { ".github/askcode.yml": "exclude_paths: 7\n" });
    commitAll(repo, "first");
    const host = createLocalCodeHost({ root: repo });
    try {
      const notes: string[] = [];
      const reader = withoutExcludedPaths(
        host.at((await host.resolveRef()).sha),
        (line) => notes.push(line),
      );
      // Read when a read first needs it: a fixture read, and the note.
      expect(notes).toEqual([]);
      expect(
        (await reader.readFile("fixtures/retry_upload_cases.py")).kind,
      ).toBe("text");
      expect(notes).toEqual([
        expect.stringMatching(
          /^\.github\/askcode\.yml exclude_paths .+; no exclude_paths applied\.$/,
        ),
      ]);
    } finally {
      await host.close();
    }
  });
});
