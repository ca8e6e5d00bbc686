import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import nock from "nock";
import {
  startGitHubStandIn,
  type GitHubStandIn,
} from "../../scripts/github-stand-in.js";
import {
  buildMentionDelivery,
  MENTION_REPOSITORY,
} from "../../scripts/mention-delivery.js";
import { standInAppEnv } from "../../scripts/stand-in-app-env.js";
import { renderInterruptedComment } from "../../src/answer/render-interrupted-comment.js";
import {
  commitAll,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../helpers/temp-repo.js";
import { MISSIONS_DIR, UPLOAD_REPOSITORY } from "./probot-harness.js";

// askcode's process as `docker stop` meets it: src/server/main.ts's process
// (processes/askcode-on-loopback.ts, without GitHub's write pacing) in its
// own Node process, a real SIGTERM, and the exit code the container reports.
// GitHub is the loopback stand-in; the answer is held at its tarball request
// whenever a test needs one in progress.

const MAIN = fileURLToPath(
  new URL("./processes/askcode-on-loopback.ts", import.meta.url),
);
// Resolved here: the process runs in a temp dir, where `--import tsx` is not found.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const SECRET = "askcode-process-test-secret";
const TARBALL = /^GET \/api\/v3\/repos\/[^/]+\/[^/]+\/tarball\//;
const THREAD_READ =
  /^GET \/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments\b/;
const QUESTION = "where does the retry logic decide to give up?";
const INTERRUPTED = renderInterruptedComment(
  { kind: "question", question: QUESTION },
  "askcode",
);

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface RunningAskcode {
  url: string;
  /** Resolves when the process ended. */
  exited: Promise<Exit>;
  /** What it wrote to stdout and stderr so far, for failure messages. */
  output(): string;
  deliver(): Promise<Response>;
}

let repoDir: string;
let workDir: string;
let standIn: GitHubStandIn | undefined;
let child: ChildProcess | undefined;

beforeAll(() => {
  repoDir = initRepo();
  writeFiles(repoDir, UPLOAD_REPOSITORY);
  commitAll(repoDir, "Upload with retries");
});
afterAll(() => removeDir(repoDir));

beforeEach(() => {
  nock.enableNetConnect("127.0.0.1");
  workDir = makeTempDir("askcode-process-");
});
afterEach(async () => {
  // Whatever failed, no askcode process outlives its test.
  const left = child;
  child = undefined;
  if (left && left.exitCode === null && left.signalCode === null) {
    const gone = new Promise((resolve) => left.once("exit", resolve));
    left.kill("SIGKILL");
    await gone;
  }
  await standIn?.close();
  standIn = undefined;
  removeDir(workDir);
  nock.disableNetConnect();
});

/** The stand-in serving the test repository under the example delivery's name. */
async function startStandIn(hold?: RegExp): Promise<GitHubStandIn> {
  standIn = await startGitHubStandIn({
    gitDir: repoDir,
    ...MENTION_REPOSITORY,
    issue: { number: 1, title: "Uploads give up too early", body: "" },
    ...(hold ? { hold } : {}),
  });
  return standIn;
}

/**
 * Starts askcode's process as an operator would, with the working
 * directory an empty temp dir so no developer's `.env` is read, and resolves
 * once `/healthz` answers.
 */
async function startAskcode(
  github: GitHubStandIn,
  settings: Record<string, string>,
): Promise<RunningAskcode> {
  const { url, env } = await standInAppEnv({
    standIn: github,
    secret: SECRET,
    dir: workDir,
  });
  const spawned = spawn(process.execPath, ["--import", TSX, MAIN], {
    cwd: workDir,
    env: {
      PATH: process.env.PATH ?? "",
      ...env,
      ASKCODE_MISSIONS_DIR: MISSIONS_DIR,
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = spawned;
  let output = "";
  spawned.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  spawned.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<Exit>((resolve) =>
    spawned.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const running: RunningAskcode = {
    url,
    exited,
    output: () => output,
    deliver: () =>
      fetch(`${url}/api/github/webhooks`, {
        method: "POST",
        ...buildMentionDelivery({
          origin: github.origin,
          secret: SECRET,
          question: QUESTION,
        }),
      }),
  };
  await untilStatus(running, "/healthz", 200);
  return running;
}

/** Polls `path` until it answers `status`; fails at once if the process ended. */
async function untilStatus(
  app: RunningAskcode,
  path: string,
  status: number,
): Promise<void> {
  let ended: Exit | undefined;
  void app.exited.then((exit) => (ended = exit));
  for (;;) {
    const answered = await fetch(`${app.url}${path}`).then(
      (response) => response.status,
      () => undefined,
    );
    if (answered === status) return;
    if (ended)
      throw new Error(
        `askcode exited (${JSON.stringify(ended)}) before ${path} answered ${status}:\n${app.output()}`,
      );
    await pause(50);
  }
}

/**
 * askcode with one answer in progress: its comment posted, the run waiting
 * on the tarball the stand-in holds. The grace period is given in seconds.
 */
async function startAnswerInProgress(graceSeconds: number) {
  const github = await startStandIn(TARBALL);
  const app = await startAskcode(github, {
    ASKCODE_SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
  });
  expect((await app.deliver()).status).toBe(200);
  await github.held;
  return { github, app };
}

describe("askcode's process on a stop signal", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "exits 0 on %s when no answer is running",
    async (signal) => {
      const app = await startAskcode(await startStandIn(), {});

      child?.kill(signal);

      expect(await app.exited).toEqual({ code: 0, signal: null });
    },
  );

  it("when the grace period is over, exits 0 leaving the running answer's comment to the next start, which edits it into the answer", async () => {
    const { github, app } = await startAnswerInProgress(0);

    child?.kill("SIGTERM");

    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(github.comments).toHaveLength(1);
    const progress = github.comments[0]!;
    expect(progress.body).not.toBe(INTERRUPTED);
    // It was cut short: the archive was never downloaded.
    expect(github.requests.some((r) => r.includes("/_codeload/"))).toBe(false);

    github.release();
    await startAskcode(github, {});
    await untilAnswered(github, 1);
    expect(github.comments).toHaveLength(1);
    expect(progress.history).not.toContain(INTERRUPTED);
    expect(progress.body).toContain(permalinkPrefix(github));
  });

  it("while stopping answers 503 to readiness and new deliveries, lets the running answer finish, then exits 0", async () => {
    const { github, app } = await startAnswerInProgress(600);

    child?.kill("SIGTERM");
    await untilStatus(app, "/readyz", 503);

    const redelivered = await app.deliver();
    expect(redelivered.status).toBe(503);
    expect(await redelivered.text()).toMatch(/redeliver/);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    github.release();

    expect(await app.exited).toEqual({ code: 0, signal: null });
    // One comment: the delivery refused while stopping started no run.
    expect(github.comments).toHaveLength(1);
    const answer = github.comments[0]?.body ?? "";
    expect(answer).not.toBe(INTERRUPTED);
    const { owner, repo } = MENTION_REPOSITORY;
    expect(answer).toContain(
      `${github.origin}/${owner}/${repo}/blob/${github.sha}/src/upload.py#L`,
    );
  });

  it("ends the grace period on a second SIGTERM: exit 0, the running answer left for the next start", async () => {
    const { github, app } = await startAnswerInProgress(600);

    child?.kill("SIGTERM");
    // The first signal was handled: the process is stopping, in its grace period.
    await untilStatus(app, "/readyz", 503);
    child?.kill("SIGTERM");

    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]?.body).not.toBe(INTERRUPTED);
  });
});

// The default deployment, one process without Redis, on a restart: a
// dozen questions in flight (four running, the rest queued), the process
// killed or stopped, started again on the same data directory, then GitHub
// redelivering every delivery.
describe("askcode's process restarted with questions in flight, without Redis", () => {
  const QUESTIONS = 12;
  const deliveries = Array.from({ length: QUESTIONS }, (_, i) => ({
    issueNumber: i + 1,
    commentId: 5000 + i,
    deliveryId: `restart-delivery-${i + 1}`,
  }));

  async function deliverAll(github: GitHubStandIn, app: RunningAskcode) {
    return Promise.all(
      deliveries.map(async (asked) => {
        const response = await fetch(`${app.url}/api/github/webhooks`, {
          method: "POST",
          ...buildMentionDelivery({
            origin: github.origin,
            secret: SECRET,
            question: QUESTION,
            ...asked,
          }),
        });
        return response.status;
      }),
    );
  }

  it.each(["SIGKILL", "SIGTERM"] as const)(
    "after %s, the next start answers every question once, in one comment each, and redelivery doubles nothing",
    async (signal) => {
      const github = await startStandIn(TARBALL);
      const app = await startAskcode(github, {
        ASKCODE_SHUTDOWN_GRACE_SECONDS: "0",
        ASKCODE_CONCURRENCY: "4",
      });
      expect(await deliverAll(github, app)).toEqual(deliveries.map(() => 200));
      // Four answers under way, each past its comment (posted and
      // remembered: the run reads the thread only then), the first at the
      // held tarball; eight queued. A kill between a comment's post and its
      // remembering would (rightly) post it again on the next start.
      await until(
        () => github.requests.filter((r) => THREAD_READ.test(r)).length === 4,
        app,
      );
      await github.held;

      child?.kill(signal);
      const exit = await app.exited;
      expect(exit).toEqual(
        signal === "SIGKILL"
          ? { code: null, signal: "SIGKILL" }
          : { code: 0, signal: null },
      );
      github.release();

      const next = await startAskcode(github, {});
      await untilAnswered(github, QUESTIONS, next);
      const byIssue = github.comments
        .map((c) => c.issueNumber)
        .sort((a, b) => a - b);
      expect(byIssue).toEqual(deliveries.map((d) => d.issueNumber));
      for (const comment of github.comments) {
        expect(comment.body).toContain(permalinkPrefix(github));
        expect(comment.history).not.toContain(INTERRUPTED);
      }

      // GitHub redelivers every delivery: each is known, none runs again.
      expect(await deliverAll(github, next)).toEqual(deliveries.map(() => 200));
      const metrics = await (await fetch(`${next.url}/metrics`)).text();
      expect(metrics).toMatch(/^askcode_webhooks_deduplicated_total 12$/m);
      expect(github.comments).toHaveLength(QUESTIONS);
    },
  );
});

/** Where an answer links: the test repository at the stand-in's commit. */
function permalinkPrefix(github: GitHubStandIn): string {
  const { owner, repo } = MENTION_REPOSITORY;
  return `${github.origin}/${owner}/${repo}/blob/${github.sha}/src/upload.py#L`;
}

/** Waits until `count` comments hold an answer (a permalink), failing if askcode exits. */
function untilAnswered(
  github: GitHubStandIn,
  count: number,
  app?: RunningAskcode,
): Promise<void> {
  const prefix = permalinkPrefix(github);
  return until(
    () =>
      github.comments.filter((c) => c.body.includes(prefix)).length >= count,
    app,
  );
}

/** Polls `done` (the stand-in's state), failing at once if the process ended. */
async function until(done: () => boolean, app?: RunningAskcode): Promise<void> {
  let ended: Exit | undefined;
  void app?.exited.then((exit) => (ended = exit));
  while (!done()) {
    if (ended)
      throw new Error(
        `askcode exited (${JSON.stringify(ended)}) while a test waited:\n${app?.output()}`,
      );
    await pause(50);
  }
}
