// A workflow run cancelled while the Action answers, as the runner cancels
// a step: a signal to the entry's process (SIGINT; SIGKILL when it is past
// waiting), with the answer held at the stand-in's tarball so the signal
// lands mid-answer. Then the run re-run, attempt after attempt, on the same
// event: every write is the stand-in's to show.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { parse } from "yaml";
import {
  actionRunnerEnv,
  readStepOutputs,
} from "../../scripts/action-runner-env.js";
import {
  startGitHubStandIn,
  type GitHubStandIn,
} from "../../scripts/github-stand-in.js";
import { runActionProcess } from "../../scripts/run-action-process.js";
import { renderInterruptedComment } from "../../src/answer/render-interrupted-comment.js";
import { tempDirForThisFile } from "../helpers/temp-dirs-of-this-file.js";
import { git, initRepo, writeFiles } from "../helpers/temp-repo.js";
import { OWNER, REPO, UPLOAD_REPOSITORY } from "./probot-harness.js";

const MARKER = "<!-- askcode:reply-to comment:492700400 -->";
const TARBALL = /^GET \/api\/v3\/repos\/[^/]+\/[^/]+\/tarball\//;
const WRITE = /^(POST|PATCH|DELETE) /;

let repository: string;
let dir: string;
let standIn: GitHubStandIn | undefined;

beforeAll(() => {
  repository = initRepo();
  writeFiles(repository, UPLOAD_REPOSITORY);
  git(repository, "add", ".");
  git(repository, "commit", "--quiet", "-m", "upload");
  dir = tempDirForThisFile("askcode-action-cancel-");
});
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** A stand-in that holds the answer at its tarball until `release()`. */
async function startStandIn(): Promise<GitHubStandIn> {
  standIn = await startGitHubStandIn({
    gitDir: repository,
    owner: OWNER,
    repo: REPO,
    issue: { number: 1, title: "Uploads give up", body: "" },
    replier: "github-actions[bot]",
    hold: TARBALL,
  });
  return standIn;
}

/** One attempt of workflow run 7001 on the example mention. */
async function runStep(
  github: GitHubStandIn,
  attempt: number,
  cancel?: { after: Promise<unknown>; signal: NodeJS.Signals },
) {
  const payload = JSON.parse(
    readFileSync(
      new URL(
        "../fixtures/webhooks/issue_comment.created.mention.json",
        import.meta.url,
      ),
      "utf8",
    ),
  );
  payload.repository.html_url = `${github.origin}/${OWNER}/${REPO}`;
  const step = actionRunnerEnv({
    dir,
    eventName: "issue_comment",
    payload,
    apiUrl: `${github.origin}/api/v3`,
    inputs: { "github-token": "ghs_workflowToken" },
    run: { id: "7001", attempt },
  });
  const { code, output } = await runActionProcess({
    env: step.env,
    cwd: dir,
    ...(cancel ? { cancel } : {}),
  });
  return { code, output, outputs: readStepOutputs(step.outputFile) };
}

// The example mention's question, as the notice repeats it.
const QUESTION = "where does the retry logic decide to give up?";
const INTERRUPTED = `${MARKER}\n${renderInterruptedComment({ kind: "question", question: QUESTION }, "askcode")}`;

const permalinks = (github: GitHubStandIn) =>
  `${github.origin}/${OWNER}/${REPO}/blob/${github.sha}/src/upload.py#L`;

describe("the Action's step cancelled mid-answer, then re-run", () => {
  it("on SIGINT leaves the interrupted notice as the trigger's reply and fails naming the signal; a re-run answers in that comment, a later one writes nothing", async () => {
    const github = await startStandIn();

    const cancelled = await runStep(github, 1, {
      after: github.held,
      signal: "SIGINT",
    });

    expect(cancelled.code).toBe(1);
    expect(cancelled.output).toContain(
      "::error::askcode was cancelled (SIGINT) before it could answer: its comment now says so",
    );
    expect(github.comments).toHaveLength(1);
    const [comment] = github.comments;
    expect(comment!.body).toBe(INTERRUPTED);
    expect(comment!.history[0]).toMatch(
      new RegExp(`^${MARKER}\\n⏳ \\*\\*askcode is working on this question`),
    );

    github.release();
    const rerun = await runStep(github, 2);

    expect(rerun.code).toBe(0);
    expect(github.comments).toHaveLength(1);
    expect(comment!.body.startsWith(`${MARKER}\n`)).toBe(true);
    expect(comment!.body).toContain(permalinks(github));
    expect(rerun.outputs["answer-url"]).toBe(
      `${github.origin}/${OWNER}/${REPO}/issues/1#issuecomment-${comment!.id}`,
    );
    // The 👀 of the first attempt stands: the re-run added none.
    expect(github.reactions).toStrictEqual([
      "eyes on issues/comments/492700400",
    ]);

    const writes = github.requests.filter((r) => WRITE.test(r)).length;
    const again = await runStep(github, 3);

    expect(again.code).toBe(0);
    expect(github.requests.filter((r) => WRITE.test(r))).toHaveLength(writes);
    expect(again.outputs["answer-url"]).toBe("");
  });

  it("after SIGKILL, which leaves the progress checklist, a re-run answers in that comment", async () => {
    const github = await startStandIn();

    const killed = await runStep(github, 1, {
      after: github.held,
      signal: "SIGKILL",
    });

    expect(killed.code).toBeNull();
    expect(github.comments).toHaveLength(1);
    const [comment] = github.comments;
    expect(comment!.body).toMatch(
      new RegExp(`^${MARKER}\\n⏳ \\*\\*askcode is working on this question`),
    );

    github.release();
    const rerun = await runStep(github, 2);

    expect(rerun.code).toBe(0);
    expect(github.comments).toHaveLength(1);
    expect(comment!.body.startsWith(`${MARKER}\n`)).toBe(true);
    expect(comment!.body).toContain(permalinks(github));
  });
});

describe("action.yml's answering step, run as the runner runs a `shell: bash` step", () => {
  let stepGroup: number | undefined;
  // Whatever failed, neither bash nor the node it waits on outlives the test.
  afterEach(() => {
    if (stepGroup === undefined) return;
    try {
      process.kill(-stepGroup, "SIGKILL");
    } catch {
      // Gone already: the step ended.
    }
    stepGroup = undefined;
  });

  it("hands the runner's SIGINT to node: the step's script execs the entry", async () => {
    // The entry, standing in for dist/: it says when it listens, and exits 1 on SIGINT.
    const actionPath = mkdtempSync(join(dir, "action-path-"));
    mkdirSync(join(actionPath, "dist", "action"), { recursive: true });
    writeFileSync(
      join(actionPath, "dist", "action", "main.js"),
      'process.on("SIGINT", () => { console.log("node got SIGINT"); process.exit(1); });\n' +
        'console.log("listening");\nsetInterval(() => undefined, 60_000);\n',
    );
    const action = parse(
      readFileSync(new URL("../../action.yml", import.meta.url), "utf8"),
    ) as { runs: { steps: Array<{ id?: string; run: string }> } };
    const script = join(actionPath, "step.sh");
    writeFileSync(
      script,
      action.runs.steps.find((step) => step.id === "answer")!.run,
    );
    // The runner's `bash`: https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-syntax#jobsjob_idstepsshell
    const step = spawn(
      "bash",
      ["--noprofile", "--norc", "-e", "-o", "pipefail", script],
      {
        env: { PATH: process.env.PATH ?? "", GITHUB_ACTION_PATH: actionPath },
        stdio: ["ignore", "pipe", "inherit"],
        // A group of its own, so the test can end bash and node together.
        detached: true,
      },
    );
    stepGroup = step.pid;
    let output = "";
    const listening = new Promise<void>((resolve) =>
      step.stdout.on("data", (chunk: Buffer) => {
        output += chunk;
        if (output.includes("listening")) resolve();
      }),
    );
    const exited = once(step, "exit");
    await listening;

    // The runner signals the step's entry process, not its group.
    step.kill("SIGINT");

    expect(await exited).toStrictEqual([1, null]);
    expect(output).toContain("node got SIGINT");
  });
});
