import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { jest } from "@jest/globals";
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

// askcode's process as `docker stop` meets it: src/server/main.ts in its own
// Node process, a real SIGTERM, and the exit code the container reports.
// GitHub is the loopback stand-in; the answer is held at its tarball request
// whenever a test needs one in progress.

const MAIN = fileURLToPath(
  new URL("../../src/server/main.ts", import.meta.url),
);
// Resolved here: the process runs in a temp dir, where `--import tsx` is not found.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const SECRET = "askcode-process-test-secret";
const TARBALL = /^GET \/api\/v3\/repos\/[^/]+\/[^/]+\/tarball\//;
const QUESTION = "where does the retry logic decide to give up?";
const INTERRUPTED = renderInterruptedComment(
  { kind: "question", question: QUESTION },
  "askcode",
);

// Each test starts askcode under tsx (TypeScript compiled on load) and the
// first answer loads the tokenizer: seconds on a loaded machine.
jest.setTimeout(30_000);

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
 * Starts `node src/server/main.ts` as an operator would, with the working
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

  it("when the grace period is over, edits the running answer's comment into the interrupted notice and exits 0", async () => {
    const { github, app } = await startAnswerInProgress(0);

    child?.kill("SIGTERM");

    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(github.comments).toHaveLength(1);
    const [comment] = github.comments;
    expect(comment?.history).toHaveLength(2);
    expect(comment?.history[0]).not.toBe(INTERRUPTED);
    expect(comment?.body).toBe(INTERRUPTED);
    // It was cut short: the archive was never downloaded.
    expect(github.requests.some((r) => r.includes("/_codeload/"))).toBe(false);
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

  it("ends the grace period on a second SIGTERM: the running answer is marked interrupted, exit 0", async () => {
    const { github, app } = await startAnswerInProgress(600);

    child?.kill("SIGTERM");
    // The first signal was handled: the process is stopping, in its grace period.
    await untilStatus(app, "/readyz", 503);
    child?.kill("SIGTERM");

    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(github.comments.map((c) => c.body)).toEqual([INTERRUPTED]);
  });
});
