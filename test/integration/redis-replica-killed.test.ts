import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { QueueEvents } from "bullmq";
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
import { jobIdFor } from "../../src/jobs/redis-queue.js";
import { startTestRedis, type TestRedis } from "../helpers/test-redis.js";
import {
  commitAll,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../helpers/temp-repo.js";
import { MISSIONS_DIR, UPLOAD_REPOSITORY } from "./probot-harness.js";

// A replica killed mid-answer (SIGKILL: no graceful shutdown, no notice),
// its job taken up by the next replica through BullMQ's stalled-job check:
// the issue ends with one comment, edited into the answer. Each replica is
// test/integration/processes/redis-replica.ts in its own Node process;
// GitHub is the loopback stand-in, holding the tarball so the first
// replica's answer stays in progress until it is killed.

const REPLICA = fileURLToPath(
  new URL("./processes/redis-replica.ts", import.meta.url),
);
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const SECRET = "askcode-replica-test-secret";
const TARBALL = /^GET \/api\/v3\/repos\/[^/]+\/[^/]+\/tarball\//;
const QUESTION = "where does the retry logic decide to give up?";
const ASKING_COMMENT = 4242;

let redis: TestRedis;
let repoDir: string;
let workDir: string;
let standIn: GitHubStandIn | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  nock.enableNetConnect("127.0.0.1");
  redis = await startTestRedis();
  repoDir = initRepo();
  writeFiles(repoDir, UPLOAD_REPOSITORY);
  commitAll(repoDir, "Upload with retries");
  workDir = makeTempDir("askcode-replica-");
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
    }
  await standIn?.close();
  await redis.stop();
  removeDir(repoDir);
  removeDir(workDir);
  nock.disableNetConnect();
});

/** Starts a replica on the shared Redis; resolves once it listens. */
async function startReplica(github: GitHubStandIn) {
  const { url, env } = await standInAppEnv({
    standIn: github,
    secret: SECRET,
    dir: workDir,
  });
  const child = spawn(process.execPath, ["--import", TSX, REPLICA], {
    cwd: workDir,
    env: {
      PATH: process.env.PATH ?? "",
      ...env,
      ASKCODE_MISSIONS_DIR: MISSIONS_DIR,
      REDIS_URL: redis.url,
      // A lapsed lock is noticed within a second of the kill.
      TEST_LOCK_MS: "2000",
      TEST_STALLED_INTERVAL_MS: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
      if (output.includes("replica listening on")) resolve();
    });
    child.once("exit", (code, signal) =>
      reject(
        new Error(
          `the replica exited (${code ?? signal}) before listening:\n${output}`,
        ),
      ),
    );
  });
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => resolve()),
  );
  return { child, url, exited, output: () => output };
}

describe("a replica killed mid-answer, with Redis", () => {
  it("has its job run again by the next replica, which edits the one comment into the answer", async () => {
    const github = (standIn = await startGitHubStandIn({
      gitDir: repoDir,
      ...MENTION_REPOSITORY,
      issue: { number: 1, title: "Uploads give up too early", body: "" },
      hold: TARBALL,
    }));
    const events = new QueueEvents("questions", {
      connection: redis.client(),
      prefix: "askcode",
    });
    await events.waitUntilReady();

    const first = await startReplica(github);
    const delivered = await fetch(`${first.url}/api/github/webhooks`, {
      method: "POST",
      ...buildMentionDelivery({
        origin: github.origin,
        secret: SECRET,
        question: QUESTION,
        commentId: ASKING_COMMENT,
      }),
    });
    expect(delivered.status).toBe(200);
    await github.held;
    // In progress: its comment posted and its id kept in the job.
    expect(github.comments).toHaveLength(1);
    const progress = github.comments[0]!;
    const jobId = jobIdFor({ triggerId: `comment:${ASKING_COMMENT}` });
    expect(
      (await redis.client().hget(`askcode:questions:${jobId}`, "data")) ?? "",
    ).toContain(`"commentId":${progress.id}`);

    first.child.kill("SIGKILL");
    await first.exited;
    github.release();
    const completed = new Promise<void>((resolve) =>
      events.on("completed", ({ jobId: done }) => {
        if (done === jobId) resolve();
      }),
    );
    const second = await startReplica(github);
    await completed;

    expect(github.comments).toHaveLength(1);
    const answer = github.comments[0]!;
    expect(answer.id).toBe(progress.id);
    const { owner, repo } = MENTION_REPOSITORY;
    expect(answer.body).toContain(
      `${github.origin}/${owner}/${repo}/blob/${github.sha}/src/upload.py#L`,
    );
    // The second replica's first write edited the first one's comment.
    expect(
      github.requests.filter(
        (r) => r.startsWith("POST") && r.endsWith("/comments"),
      ),
    ).toHaveLength(1);
    second.child.kill("SIGTERM");
    await second.exited;
    await events.close();
  });
});
