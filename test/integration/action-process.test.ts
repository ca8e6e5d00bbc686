// The Action's entry run exactly as the runner runs a step: a process of its
// own (`src/action/main.ts`), the event in GITHUB_EVENT_PATH (an
// @octokit/webhooks-examples payload without `installation`, as the runner
// writes it; its repository's html_url moved to the stand-in), the inputs
// as INPUT_* variables, GITHUB_API_URL at a GitHub Enterprise stand-in on
// loopback (scripts/github-stand-in.ts), and GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files read back.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  actionRunnerEnv,
  readStepOutputs,
} from "../../scripts/action-runner-env.js";
import {
  startGitHubStandIn,
  type GitHubStandIn,
} from "../../scripts/github-stand-in.js";
import { runActionProcess } from "../../scripts/run-action-process.js";
import { tempDirForThisFile } from "../helpers/temp-dirs-of-this-file.js";
import { git, initRepo, writeFiles } from "../helpers/temp-repo.js";
import { OWNER, REPO, UPLOAD_REPOSITORY } from "./probot-harness.js";

const MARKER = "<!-- askcode:reply-to comment:492700400 -->";

let standIn: GitHubStandIn;
let dir: string;

beforeAll(async () => {
  const repository = initRepo();
  writeFiles(repository, UPLOAD_REPOSITORY);
  git(repository, "add", ".");
  git(repository, "commit", "--quiet", "-m", "upload");
  standIn = await startGitHubStandIn({
    gitDir: repository,
    owner: OWNER,
    repo: REPO,
    issue: { number: 1, title: "Uploads give up", body: "" },
    // The workflow's token: its comments are github-actions[bot]'s.
    replier: "github-actions[bot]",
  });
  dir = tempDirForThisFile("askcode-action-");
});
afterAll(() => standIn.close());

/** An example payload, its repository's pages on the stand-in. */
function payload(fixture: string) {
  const event = JSON.parse(
    readFileSync(
      new URL(`../fixtures/webhooks/${fixture}.json`, import.meta.url),
      "utf8",
    ),
  );
  event.repository.html_url = `${standIn.origin}/${OWNER}/${REPO}`;
  return event;
}

async function runStep(
  fixture: string,
  options: { attempt?: number; inputs?: Record<string, string> } = {},
) {
  const step = actionRunnerEnv({
    dir,
    eventName: fixture.split(".")[0]!,
    payload: payload(fixture),
    apiUrl: `${standIn.origin}/api/v3`,
    inputs: options.inputs ?? { "github-token": "ghs_workflowToken" },
    run: { id: "7001", attempt: options.attempt ?? 1 },
  });
  const { code, output } = await runActionProcess({ env: step.env, cwd: dir });
  return {
    code,
    output,
    outputs: readStepOutputs(step.outputFile),
    summary: readFileSync(step.summaryFile, "utf8"),
  };
}

const writes = () =>
  standIn.requests.filter((r) => /^(POST|PATCH|DELETE) /.test(r));

describe("the Action's entry, run as the runner runs it", () => {
  it("answers an issue comment's mention in one comment with permalinks at the commit, and says where in its outputs", async () => {
    const step = await runStep("issue_comment.created.mention");

    expect(step.code).toBe(0);
    expect(standIn.comments).toHaveLength(1);
    const [comment] = standIn.comments;
    expect(comment!.body.startsWith(`${MARKER}\n`)).toBe(true);
    // Every permalink is at the stand-in's commit, and the right file is cited.
    const links = [
      ...comment!.body.matchAll(
        /\/Codertocat\/Hello-World\/blob\/([0-9a-f]{40})\/([^#)\s]+)#L\d+/g,
      ),
    ];
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links.map((l) => l[1]))).toStrictEqual(
      new Set([standIn.sha]),
    );
    expect(links.map((l) => l[2])).toContain("src/upload.py");
    expect(comment!.body).toMatch(/<sub>askcode · retrieval only, no model/);
    expect(standIn.reactions).toStrictEqual([
      "eyes on issues/comments/492700400",
    ]);
    const url = `${standIn.origin}/${OWNER}/${REPO}/issues/1#issuecomment-${comment!.id}`;
    expect(step.outputs["answer-url"]).toBe(url);
    expect(step.outputs["context-report"]).toMatch(
      /^<details>\n<summary>Context used \(\d+ files?, [\d,]+ tokens?\)<\/summary>[\s\S]*src\/upload\.py[\s\S]*<\/details>$/,
    );
    expect(step.summary).toContain(`<a href="${url}">`);
    // Logs are grouped as the runner folds them.
    expect(step.output).toContain("::group::Answer");
  });

  it("writes nothing when the workflow run is re-run on the same event: the thread holds its reply", async () => {
    const before = {
      comments: standIn.comments.length,
      writes: writes().length,
    };

    const step = await runStep("issue_comment.created.mention", {
      attempt: 2,
    });

    expect(step.code).toBe(0);
    expect(standIn.comments).toHaveLength(before.comments);
    expect(writes()).toHaveLength(before.writes);
    expect(step.outputs["answer-url"]).toBe("");
    expect(step.summary).toContain("replied to this trigger in an earlier run");
  });

  it("ignores a bot's comment without a request to GitHub", async () => {
    const served = standIn.requests.length;

    const step = await runStep("issue_comment.created.bot");

    expect(step.code).toBe(0);
    expect(standIn.requests).toHaveLength(served);
    expect(step.outputs).toStrictEqual({
      "answer-url": "",
      "context-report": "",
    });
    expect(step.output).toContain("askcode ignores this event");
  });

  it("fails the step with the cause when the token input is empty", async () => {
    const served = standIn.requests.length;

    const step = await runStep("issue_comment.created.mention", {
      inputs: { "github-token": "" },
    });

    expect(step.code).toBe(1);
    expect(step.output).toContain(
      "::error::askcode cannot run: the input github-token (INPUT_GITHUB-TOKEN) is empty",
    );
    expect(standIn.requests).toHaveLength(served);
  });
});
