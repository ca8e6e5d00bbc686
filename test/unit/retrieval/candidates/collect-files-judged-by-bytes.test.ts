import nock from "nock";
import { createGitHubCodeHost } from "../../../../src/code-host/github/github-code-host.js";
import { createSearchPacer } from "../../../../src/code-host/github/search-pacer.js";
import { collectFiles } from "../../../../src/retrieval/candidates/collect-files.js";
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

// Files whose paths retrieval would read but whose bytes it would not: a
// compiled message catalogue (a NUL byte) and a one-line bundle. The snapshot
// reads them in the tarball and drops them; reading the whole repository
// must not ask GitHub for them again, one request each.
let root: string;
let sha: string;
beforeAll(() => {
  root = initRepo();
  writeFiles(root, {
    "src/app.py": "def main():\n    return 1\n",
    "locale/ja/messages.mo": Buffer.from(
      "\u00de\u0012\u0004\u0095\u0000\u0000msgid",
    ),
    "locale/ja/messages.js": `var m={${"a:1,".repeat(5000)}};\n`,
  });
  sha = commitAll(root, "first");
});
afterAll(() => removeDir(root));

it("reads the whole repository without asking again for files the snapshot judged by their bytes", async () => {
  const ctx = createTestRepoContext();
  const host = createGitHubCodeHost({
    api: ctx.api,
    owner: ctx.owner,
    repo: ctx.repo,
    search: {
      pacer: createSearchPacer({ clock: ctx.clock }),
      paceKey: "installation:1",
    },
  });
  const prefix = `${HELLO_WORLD.owner}-${HELLO_WORLD.repo}-${sha.slice(0, 7)}`;
  nockTarball(
    { gzip: gitArchive(root, prefix), sha },
    nockGetTree({ sha, body: gitTreeAnswer(root, sha) }),
  );
  const reader = host.at(sha);

  const collected = await collectFiles(reader, [], {
    maxRepositoryBytes: 1 << 20,
    exclude: () => false,
  });

  expect(collected.mode).toBe("repository");
  expect(collected.files.map((file) => file.path)).toStrictEqual([
    "src/app.py",
  ]);
  expect(await reader.wholeRepository?.()).toStrictEqual({
    cheap: true,
    skippedByText: new Map([
      ["locale/ja/messages.js", "minified"],
      ["locale/ja/messages.mo", "binary"],
    ]),
  });
  expect(ctx.api.stats.requests).toBe(2); // the tree and the tarball, nothing per file
  expect(nock.pendingMocks()).toStrictEqual([]);
});
