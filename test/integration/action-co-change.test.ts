// The Action's entry run as the runner runs it (as in action-process.test.ts)
// over a checkout with its history: the co-change tier reads the
// workspace's `git log`, as the CLI reads a checkout's, and a shallow clone
// (actions/checkout's default) gives it none.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
} from "@jest/globals";
import { actionRunnerEnv } from "../../scripts/action-runner-env.js";
import {
  startGitHubStandIn,
  type GitHubStandIn,
} from "../../scripts/github-stand-in.js";
import { runActionProcess } from "../../scripts/run-action-process.js";
import { fillerModules } from "../helpers/filler-modules.js";
import { tempDirForThisFile } from "../helpers/temp-dirs-of-this-file.js";
import { commitAll, git, initRepo, writeFiles } from "../helpers/temp-repo.js";
import { OWNER, REPO, UPLOAD_REPOSITORY } from "./probot-harness.js";

// Larger than the context's budget, so packing ranks and picks: the
// change log matches nothing the question says.
const FILLER = fillerModules(60);

let standIn: GitHubStandIn;
let repository: string;
let dir: string;

beforeAll(() => {
  // Thirteen commits, each changing the retry logic and the change log.
  repository = initRepo();
  writeFiles(repository, FILLER);
  for (let n = 1; n <= 13; n++) {
    writeFiles(repository, {
      ...UPLOAD_REPOSITORY,
      "src/upload.py": `${UPLOAD_REPOSITORY["src/upload.py"]}# revision ${n}\n`,
      "CHANGES.md": `# Changes\n\n${Array.from({ length: n }, (_, i) => `## 1.${n - i}\n\n- Faster start.\n`).join("\n")}`,
    });
    commitAll(repository, `revision ${n}`);
  }
  dir = tempDirForThisFile("askcode-action-");
});
// A stand-in per test: a second answer to one comment would find the first.
beforeEach(async () => {
  standIn = await startGitHubStandIn({
    gitDir: repository,
    owner: OWNER,
    repo: REPO,
    issue: { number: 1, title: "Uploads give up", body: "" },
    replier: "github-actions[bot]",
  });
});
afterEach(() => standIn.close());

async function answerWith(workspace: string) {
  const event = JSON.parse(
    readFileSync(
      new URL(
        "../fixtures/webhooks/issue_comment.created.mention.json",
        import.meta.url,
      ),
      "utf8",
    ),
  );
  event.repository.html_url = `${standIn.origin}/${OWNER}/${REPO}`;
  const step = actionRunnerEnv({
    dir,
    eventName: "issue_comment",
    payload: event,
    apiUrl: `${standIn.origin}/api/v3`,
    inputs: { "github-token": "ghs_workflowToken" },
    workspace,
  });
  const { code } = await runActionProcess({ env: step.env, cwd: dir });
  expect(code).toBe(0);
  return standIn.comments.at(-1)!.body;
}

describe("the Action's co-change tier", () => {
  it("reads the history of a checkout with it (fetch-depth: 0) and says why the change log was read", async () => {
    const answer = await answerWith(repository);
    // The first commit, of every file, is over the 30 files a commit may
    // touch to be read: 12 commits are.
    expect(answer).toContain(
      `From the repository's history: [\`CHANGES.md\`](${standIn.origin}/${OWNER}/${REPO}/blob/${standIn.sha}/CHANGES.md), changed with src/upload.py in 12 of the last 12 commits.`,
    );
  });

  it("reads none from a shallow clone, actions/checkout's default", async () => {
    const shallow = join(tempDirForThisFile("askcode-shallow-"), "checkout");
    git(
      dir,
      "clone",
      "--quiet",
      "--depth",
      "1",
      `file://${repository}`,
      shallow,
    );
    const answer = await answerWith(shallow);
    expect(answer).toContain("src/upload.py");
    expect(answer).not.toContain("From the repository's history");
  });
});
