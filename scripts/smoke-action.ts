// The GitHub Action end to end against a GitHub Enterprise stand-in on
// loopback, the way the runner runs its step: the example mention written
// to GITHUB_EVENT_PATH, the inputs as INPUT_* variables, GITHUB_API_URL at
// the stand-in, then `src/action/main.ts` in a process of its own. It
// prints the step's log, the comment the Action posted and its outputs,
// and checks that every permalink names a file and lines of the commit.
//
//   npm run smoke:action [-- --question "…"]
//
// Exits 0 when the answer holds, 1 with the reason otherwise.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAnswerComment } from "../src/answer/render-footer.js";
import { benchCommand } from "../bench/parse-bench-command.js";
import { actionRunnerEnv, readStepOutputs } from "./action-runner-env.js";
import { startGitHubStandIn } from "./github-stand-in.js";
import { MENTION_REPOSITORY } from "./mention-delivery.js";
import { runActionProcess } from "./run-action-process.js";

const { values } = benchCommand({
  usage: `usage: npm run smoke:action [-- --question TEXT]

Runs the GitHub Action's entry as the runner would, against a GitHub
Enterprise Server stand-in on loopback serving a clone of this checkout: one
issue comment mentioning @askcode, answered from retrieval alone. Prints the
step's log, the comment posted and the step's outputs. Exits 0 when the
answer's permalinks all name files and lines of the commit, 1 otherwise.`,
  options: {
    question: {
      type: "string",
      default: "where is a stale GitHub response revalidated with its ETag?",
    },
  },
});
const { owner, repo } = MENTION_REPOSITORY;
const workDir = mkdtempSync(join(tmpdir(), "askcode-smoke-action-"));
const served = join(workDir, "served");
execFileSync("git", ["clone", "--quiet", "--shared", process.cwd(), served]);
const standIn = await startGitHubStandIn({
  gitDir: served,
  owner,
  repo,
  issue: { number: 1, title: "A question", body: "" },
  replier: "github-actions[bot]",
});
let failure: string | undefined;
try {
  const payload = JSON.parse(
    readFileSync(
      new URL(
        "../test/fixtures/webhooks/issue_comment.created.mention.json",
        import.meta.url,
      ),
      "utf8",
    ),
  );
  payload.comment.body = `@askcode ${values.question}`;
  payload.repository.html_url = `${standIn.origin}/${owner}/${repo}`;
  const step = actionRunnerEnv({
    dir: workDir,
    eventName: "issue_comment",
    payload,
    apiUrl: `${standIn.origin}/api/v3`,
    inputs: { "github-token": "ghs_workflowToken" },
  });
  const started = Date.now();
  const { code, output } = await runActionProcess({
    env: step.env,
    cwd: workDir,
  });
  const answer = standIn.comments[0]?.body ?? "";
  const outputs = readStepOutputs(step.outputFile);
  console.log(
    [
      `$ node --import tsx src/action/main.ts   (exit ${code}, ${Date.now() - started} ms)`,
      output.trimEnd(),
      "",
      `── the comment posted on ${owner}/${repo}#1 (${standIn.comments.length} in all) ──`,
      answer,
      "",
      "── GITHUB_OUTPUT ──",
      ...Object.entries(outputs).map(([name, value]) => `${name}: ${value}`),
      "",
      "── GITHUB_STEP_SUMMARY ──",
      readFileSync(step.summaryFile, "utf8"),
    ].join("\n"),
  );
  const links = [
    ...answer.matchAll(
      /\/blob\/([0-9a-f]{40})\/([^#)\s"'>]+)(?:#L(\d+)(?:-L(\d+))?)?/g,
    ),
  ];
  const problems: string[] = [];
  if (code !== 0) problems.push(`the step exited ${code}`);
  if (!isAnswerComment(answer)) problems.push("the comment is not an answer");
  if (links.length === 0) problems.push("the answer has no permalink");
  for (const [, sha, encoded, start, end] of links) {
    const path = decodeURIComponent(encoded!);
    if (sha !== standIn.sha) problems.push(`link at another commit: ${sha}`);
    if (!standIn.files.has(path)) problems.push(`no such file: ${path}`);
    else if (
      start &&
      Number(end ?? start) > standIn.readText(path).split("\n").length
    )
      problems.push(`${path}#L${start} is past the file's end`);
  }
  if (problems.length > 0) failure = problems.join("; ");
} catch (error) {
  failure = (error as Error).message;
} finally {
  await standIn.close();
  rmSync(workDir, { recursive: true, force: true });
}
if (failure) {
  console.error(`smoke:action failed: ${failure}`);
  process.exit(1);
}
