// End to end against a GitHub Enterprise stand-in on loopback, the way an
// operator starts askcode: `npm start` with GHE_HOST/GHE_PROTOCOL, one signed
// issue_comment webhook with a mention, then the answer is checked: every
// permalink names a file of the commit and lines inside it, and every request
// askcode made reached the stand-in (the machine has no other GitHub). Then
// the staleness watch: a commit changing the first line the answer cited is
// pushed to the default branch (a signed push webhook), and the answer must
// get its one note naming that commit and place. The stand-in serves a
// shared clone of this checkout, where that commit is made; the checkout
// itself is not touched.
//
//   npm run smoke:ghes [-- --question "…"]
//
// Exits 0 when the answer holds, 1 with the reason otherwise. The app's
// working directory (its data, about 13 MB) is removed at the end.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAnswerComment } from "../src/answer/render-footer.js";
import { CODE_CHANGED_MARKER } from "../src/answer/render-code-changed-note.js";
import { benchCommand } from "../bench/parse-bench-command.js";
import { buildPushDelivery } from "./push-delivery.js";
import { startGitHubStandIn } from "./github-stand-in.js";
import {
  buildMentionDelivery,
  MENTION_REPOSITORY,
} from "./mention-delivery.js";
import { standInAppEnv } from "./stand-in-app-env.js";

const { values } = benchCommand({
  usage: `usage: npm run smoke:ghes [-- --question TEXT] [--timeout-seconds 180]

Runs the whole app against a GitHub Enterprise Server stand-in on loopback
serving a clone of this checkout: npm start, one signed mention, then checks
that every permalink of the answer names a file and lines of the commit, and
that a push changing a cited line gets the answer its note. Exits 0 when the
answer holds, 1 with the reason otherwise.`,
  options: {
    question: {
      type: "string",
      default: "where is a stale GitHub response revalidated with its ETag?",
    },
    "timeout-seconds": { type: "string", default: "180" },
  },
});
const { owner: OWNER, repo: REPO } = MENTION_REPOSITORY;
const SECRET = "smoke-test-secret";
// askcode's comments while it works (acknowledgement, progress) begin with
// the hourglass; the answer or a failure notice replaces them.
const WORKING = "⏳";
const deadline = Date.now() + Number(values["timeout-seconds"]) * 1000;

const until = async <T>(what: string, check: () => Promise<T | undefined>) => {
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const workDir = mkdtempSync(join(tmpdir(), "askcode-smoke-"));
// The checkout's commits, in a clone a push can be made in.
const served = join(workDir, "served");
execFileSync("git", ["clone", "--quiet", "--shared", process.cwd(), served]);
const standIn = await startGitHubStandIn({
  gitDir: served,
  owner: OWNER,
  repo: REPO,
  issue: { number: 1, title: "A question", body: "" },
});
const { url: appUrl, env } = await standInAppEnv({
  standIn,
  secret: SECRET,
  dir: workDir,
  logLevel: process.env.LOG_LEVEL,
});
const started = Date.now();
const app = spawn("npm", ["start"], {
  env: { ...process.env, ...env },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});
const appExited = once(app, "exit");
/** Stops the app's process group and waits for it, so its data directory can go. */
const stopApp = async () => {
  try {
    process.kill(-app.pid!, "SIGTERM");
  } catch {
    // already gone
  }
  await appExited;
};

let failure: string | undefined;
try {
  await until("/healthz", async () =>
    (await fetch(`${appUrl}/healthz`)).ok ? true : undefined,
  );
  const healthyAfter = Date.now() - started;

  const delivered = await fetch(`${appUrl}/api/github/webhooks`, {
    method: "POST",
    ...buildMentionDelivery({
      origin: standIn.origin,
      secret: SECRET,
      question: values.question,
    }),
  });
  if (!delivered.ok)
    throw new Error(`the webhook was answered ${delivered.status}`);
  const askedAt = Date.now();

  // askcode posts one comment at once and edits it with progress; what
  // replaces the progress is the answer (or a failure notice).
  let lastSeen = "";
  const answer = await until("the answer", async () => {
    const body = standIn.comments[0]?.body;
    if (body === undefined) return undefined;
    lastSeen = body;
    return body.startsWith(WORKING) ? undefined : body;
  }).catch((error: Error) => {
    throw new Error(
      `${error.message}; the comment last read:\n${lastSeen || "(none posted)"}`,
    );
  });
  const answeredAfter = Date.now() - askedAt;
  const links = [
    ...answer.matchAll(
      /(http:\/\/127\.0\.0\.1:\d+)\/([^/\s]+)\/([^/\s]+)\/blob\/([0-9a-f]{40})\/([^#)\s"'>]+)(?:#L(\d+)(?:-L(\d+))?)?/g,
    ),
  ];
  const problems: string[] = [];
  for (const [, host, owner, repo, sha, encoded, start, end] of links) {
    const path = decodeURIComponent(encoded!);
    if (host !== standIn.origin || owner !== OWNER || repo !== REPO)
      problems.push(`link to another place: ${host}/${owner}/${repo}`);
    if (sha !== standIn.sha) problems.push(`link at another commit: ${sha}`);
    if (!standIn.files.has(path)) {
      problems.push(`no such file: ${path}`);
      continue;
    }
    const lines = standIn.readText(path).split("\n").length;
    if (start && Number(end ?? start) > lines)
      problems.push(`${path}#L${start}-L${end} is past its ${lines} lines`);
  }
  if (/github\.com\/[^/\s]+\/[^/\s]+\/blob\//.test(answer))
    problems.push("a permalink points at github.com");
  if (links.length === 0) problems.push("the answer has no permalink");
  if (!isAnswerComment(answer))
    problems.push(`the comment is not an answer: ${answer.split("\n")[0]}`);

  console.log(
    [
      `askcode answered against ${standIn.origin} (GHE_HOST=${standIn.host})`,
      `  /healthz after start: ${healthyAfter} ms; answer after the webhook: ${answeredAfter} ms`,
      `  permalinks: ${links.length}, all at ${standIn.sha.slice(0, 12)} and within their files: ${problems.length === 0}`,
      `  reactions: ${standIn.reactions.join(", ") || "none"}`,
      `  requests served by the stand-in: ${standIn.requests.length}`,
      ...[...new Set(standIn.requests)].map(
        (r) => `    ${standIn.requests.filter((x) => x === r).length}× ${r}`,
      ),
    ].join("\n"),
  );
  // What an operator's scrape shows after this one answer: askcode's own
  // series with a value (process metrics and empty histograms buckets left out).
  const metrics = await (await fetch(`${appUrl}/metrics`)).text();
  console.log(
    [
      "  /metrics after the answer (askcode_ series that are not zero):",
      ...metrics
        .split("\n")
        .filter(
          (line) =>
            line.startsWith("askcode_") &&
            !line.includes("_bucket{") &&
            !/ 0$/.test(line),
        )
        .map((line) => `    ${line}`),
    ].join("\n"),
  );
  if (process.env.SMOKE_PRINT_ANSWER) console.log(answer);

  // The staleness watch: change the first line the answer cited, push it.
  const cited = links.find(([, , , , , , start]) => start !== undefined);
  if (!cited) throw new Error("the answer cites no lines to change");
  const path = decodeURIComponent(cited[5]!);
  const line = Number(cited[6]);
  const file = join(served, path);
  const lines = readFileSync(file, "utf8").split("\n");
  lines[line - 1] = `${lines[line - 1]} `;
  writeFileSync(file, lines.join("\n"));
  const git = (args: string[]) =>
    execFileSync("git", ["-C", served, ...args])
      .toString()
      .trim();
  git([
    "-c",
    "user.name=smoke",
    "-c",
    "user.email=smoke@example.com",
    "commit",
    "--quiet",
    "--all",
    "--message",
    `Change ${path} line ${line}`,
  ]);
  const pushed = git(["rev-parse", "HEAD"]);
  standIn.moveDefaultBranch(pushed);
  const pushedAt = Date.now();
  const push = await fetch(`${appUrl}/api/github/webhooks`, {
    method: "POST",
    ...buildPushDelivery({
      origin: standIn.origin,
      secret: SECRET,
      before: standIn.sha,
      after: pushed,
      modified: [path],
    }),
  });
  if (!push.ok) throw new Error(`the push was answered ${push.status}`);
  const noted = await until("the note on the answer", async () => {
    const body = standIn.comments[0]?.body;
    return body?.includes(CODE_CHANGED_MARKER) ? body : undefined;
  });
  const note = noted.slice(
    noted.indexOf("> [!NOTE]"),
    noted.indexOf(CODE_CHANGED_MARKER),
  );
  if (!note.includes(pushed.slice(0, 7)))
    problems.push(`the note does not name the pushed commit: ${note}`);
  if (!note.includes(`\`${path}\``))
    problems.push(`the note does not name ${path}: ${note}`);
  if (!isAnswerComment(noted))
    problems.push("the noted comment is no longer an answer");
  console.log(
    [
      `  the push of ${pushed.slice(0, 7)} (${path} line ${line}) noted the answer after ${Date.now() - pushedAt} ms:`,
      ...note
        .trim()
        .split("\n")
        .map((l) => `    ${l}`),
    ].join("\n"),
  );
  if (problems.length > 0) failure = problems.join("; ");
} catch (error) {
  failure = (error as Error).message;
} finally {
  await stopApp();
  await standIn.close();
  rmSync(workDir, { recursive: true, force: true });
}
if (failure) {
  console.error(`smoke:ghes failed: ${failure}`);
  process.exit(1);
}
process.exit(0);
