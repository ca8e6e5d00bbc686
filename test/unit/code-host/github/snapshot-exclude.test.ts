import nock from "nock";
import type { ExcludedPaths } from "../../../../src/code-host/code-host.js";
import { createGitHubCodeHost } from "../../../../src/code-host/github/github-code-host.js";
import { createSearchPacer } from "../../../../src/code-host/github/search-pacer.js";
import { createSnapshotCache } from "../../../../src/code-host/github/snapshot-cache.js";
import { gitArchive } from "../../../helpers/git-archive.js";
import { gitTreeAnswer } from "../../../helpers/git-tree-answer.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  HELLO_WORLD,
  nockGetTree,
  nockTarball,
} from "../../../helpers/nock-github.js";
import {
  commitAll,
  initRepo,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

// 8 KB of code beside 68 KB of generated test fixtures (in a .py file, so
// retrieval would read it): over a 16 KB cap, unless the fixtures are excluded.
let root: string;
let sha: string;
let archive: Buffer;
let tree: object;
beforeAll(() => {
  root = initRepo();
  writeFiles(root, {
    "src/app.py": "def handle(request):\n    return request\n".repeat(200),
    "tests/fixtures/cases.py": "CASE = {'input': 1, 'output': 2}\n".repeat(
      2000,
    ),
  });
  sha = commitAll(root, "first");
  archive = gitArchive(
    root,
    `${HELLO_WORLD.owner}-${HELLO_WORLD.repo}-${sha.slice(0, 7)}`,
  );
  tree = gitTreeAnswer(root, sha);
});
afterAll(() => removeDir(root));

const fixtures: ExcludedPaths = {
  patterns: ["tests/fixtures/"],
  excludes: (path) => path.startsWith("tests/fixtures/"),
};

function host() {
  const ctx = createTestRepoContext();
  return {
    ctx,
    host: createGitHubCodeHost({
      api: ctx.api,
      owner: ctx.owner,
      repo: ctx.repo,
      snapshot: {
        maxBytes: 16 * 1024,
        cache: createSnapshotCache(),
        namespace: "installation:1",
      },
      search: {
        pacer: createSearchPacer({ clock: ctx.clock }),
        paceKey: "installation:1",
      },
    }),
  };
}

describe("a snapshot and the configuration's excluded paths", () => {
  it("neither keeps nor counts excluded files, so the repository fits the cap", async () => {
    const { ctx, host: github } = host();
    nockTarball({ gzip: archive, sha }, nockGetTree({ sha, body: tree }));

    const reader = github.at(sha, { exclude: fixtures });

    expect(await reader.wholeRepository?.()).toStrictEqual({ cheap: true });
    const app = await reader.readFile("src/app.py");
    expect(app.kind === "text" && app.totalLines).toBe(400);
    expect(ctx.api.stats.requests).toBe(2); // the tree and the tarball
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("is too large without the exclusion, and says so in bytes", async () => {
    const { ctx, host: github } = host();
    nockGetTree({ sha, body: tree });

    const verdict = await github.at(sha).wholeRepository?.();

    expect(verdict).toStrictEqual({
      cheap: false,
      why: "The repository holds about 72.3 KB of text retrieval reads, over the 16 KB snapshot cap",
    });
    expect(ctx.api.stats.requests).toBe(1); // the tree alone: no tarball
  });
});
