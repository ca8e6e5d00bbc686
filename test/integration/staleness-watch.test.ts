import nock from "nock";
import { Registry } from "prom-client";
import { createRedisAnswerRecords } from "../../src/storage/answer-records/redis-answer-records.js";
import { isAnswerComment } from "../../src/answer/render-footer.js";
import { gitBlobSha } from "../../src/code-host/github/git-blob-sha.js";
import { nockGetBlob, nockGetContent } from "../helpers/nock-github.js";
import { startTestRedis, type TestRedis } from "../helpers/test-redis.js";
import { keptUploadAnswer, uploadAnswerBody } from "./kept-answer.js";
import {
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  pushPayload,
  OWNER,
  permalinks,
  REPO,
  SHA,
  startAskcode,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

const API = "https://api.github.com";
const REPO_PATH = `/repos/${OWNER}/${REPO}`;
const PUSHED = "8f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b";
const PUSHED_AGAIN = "9a0b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3";
const NEW_BLOB = "3b18e512dba79e4c8300dd08aeb37f8e728b8dad";

/**
 * GitHub's comparison of `base...head` (`GET /compare`, one commit a page),
 * with src/upload.py changed by `patch`, in the shape GitHub sends; after a
 * force push, `diverged` from a merge base with the files changed since.
 */
function nockCompare(
  base: string,
  head: string,
  patch: string,
  {
    status = "ahead",
    mergeBase = base,
    files = [
      {
        sha: NEW_BLOB,
        filename: "src/upload.py",
        status: "modified",
        additions: 1,
        deletions: 1,
        changes: 2,
        blob_url: `https://github.com/${OWNER}/${REPO}/blob/${head}/src/upload.py`,
        raw_url: `https://github.com/${OWNER}/${REPO}/raw/${head}/src/upload.py`,
        contents_url: `${API}${REPO_PATH}/contents/src/upload.py?ref=${head}`,
        patch,
      },
    ],
  }: { status?: string; mergeBase?: string; files?: object[] } = {},
) {
  return nock(API)
    .get(`${REPO_PATH}/compare/${base}...${head}`)
    .query({ per_page: "1" })
    .reply(200, {
      url: `${API}${REPO_PATH}/compare/${base}...${head}`,
      html_url: `https://github.com/${OWNER}/${REPO}/compare/${base}...${head}`,
      status,
      ahead_by: 1,
      behind_by: status === "diverged" ? 1 : 0,
      total_commits: 1,
      base_commit: { sha: base },
      merge_base_commit: { sha: mergeBase },
      commits: [{ sha: head }],
      files,
    });
}

/** askcode's answer comment 4242, as GitHub returns it when asked. */
function nockAnswerRead(body: () => string, times = 1) {
  return nock(API)
    .get(`${REPO_PATH}/issues/comments/4242`)
    .times(times)
    .reply(200, () => ({ id: 4242, body: body() }));
}

/**
 * Keeps in Redis the record a run kept when it posted `uploadAnswerBody([6, 10])`
 * as comment 4242 (src/upload.py's blob is `blob`, when given), and returns that body.
 */
async function keepAnswerIn(redis: TestRedis, blob?: string) {
  await createRedisAnswerRecords({
    redis: redis.client(),
    clock: { now: () => Date.now() },
  }).add(
    keptUploadAnswer({
      issueNumber: 1,
      commentId: 4242,
      lines: [6, 10],
      answeredAt: Date.now(),
      ...(blob !== undefined && { blob }),
    }),
  );
  return uploadAnswerBody([6, 10]);
}

/** Expects `times` edits of comment 4242, and records each body. */
function nockAnswerEdits(times = 1) {
  const edits: string[] = [];
  nock(API)
    .patch(`${REPO_PATH}/issues/comments/4242`)
    .times(times)
    .reply(200, (_uri, body) => {
      edits.push((body as { body: string }).body);
      return { id: 4242 };
    });
  return edits;
}

// should_give_up's `if attempt >= MAX_ATTEMPTS:` (line 8) becomes `>`.
const CHANGES_LINE_8 = [
  "@@ -6,5 +6,5 @@",
  " def should_give_up(attempt, status):",
  '     """The retry logic gives up after MAX_ATTEMPTS or on a client error."""',
  "-    if attempt >= MAX_ATTEMPTS:",
  "+    if attempt > MAX_ATTEMPTS:",
  "         return True",
  "     return 400 <= status < 500",
].join("\n");
// A line added after the file's last.
const APPENDS = [
  "@@ -20,2 +20,3 @@ def upload(send, body):",
  "         time.sleep(2 ** attempt)",
  " ",
  "+# The end.",
].join("\n");

/** Asks the mention's question and resolves askcode's answer, as posted. */
async function answerQuestion(metrics = new Registry()) {
  nockNoConfig();
  const github = await nockRepository(UPLOAD_REPOSITORY);
  const app = await startAskcode({}, { metrics });
  await app.probot.receive({
    id: "delivery-question",
    name: "issue_comment",
    payload: webhookPayload("issue_comment.created.mention"),
  });
  await app.idle();
  const answer = github.edits.at(-1)!;
  expect(permalinks(answer)).toContainEqual(
    expect.objectContaining({ path: "src/upload.py" }),
  );
  return { app, github, answer };
}

describe("the staleness watch, on real push deliveries", () => {
  afterEach(() => nock.cleanAll());

  it("notes an answer once when a push changes lines it cited, and a redelivered push adds nothing", async () => {
    nockAppAuth();
    const metrics = new Registry();
    const { app, github, answer } = await answerQuestion(metrics);
    const cited = permalinks(answer).find(
      (p) => p.path === "src/upload.py" && p.start <= 8 && p.end >= 8,
    );
    expect(cited).toBeDefined();

    nockNoConfig();
    const compare = nockCompare(SHA, PUSHED, CHANGES_LINE_8);
    nockAnswerRead(() => answer);
    await app.probot.receive({
      id: "delivery-push",
      name: "push",
      payload: pushPayload(SHA, PUSHED, ["src/upload.py"]),
    });
    await app.pushesChecked();

    expect(compare.isDone()).toBe(true);
    expect(github.edits).toHaveLength(github.edits.indexOf(answer) + 2);
    const noted = github.edits.at(-1)!;
    expect(
      noted.startsWith(answer.split("\n<details>")[0]!.split("\n\n<sub>")[0]!),
    ).toBe(true);
    expect(noted).toContain(
      `> The code this answer cites changed in [${PUSHED.slice(0, 7)}](https://github.com/${OWNER}/${REPO}/commit/${PUSHED}):`,
    );
    expect(noted).toContain(
      `> - \`src/upload.py\` lines ${cited!.start}-${cited!.end} changed`,
    );
    expect(noted).toContain("`@askcode /retry` asks the question again");
    // Still an answer: a follow-up reads it as one.
    expect(isAnswerComment(noted)).toBe(true);
    const scraped = await metrics.metrics();
    expect(scraped).toContain(
      'askcode_answers_noted_total{repository="Codertocat/Hello-World"} 1',
    );
    expect(scraped).toContain(
      'askcode_push_comparisons_total{repository="Codertocat/Hello-World"} 1',
    );

    // The same delivery again (GitHub's redelivery): nothing is read or written.
    const edits = github.edits.length;
    const again = nockCompare(SHA, PUSHED, CHANGES_LINE_8);
    await app.probot.receive({
      id: "delivery-push",
      name: "push",
      payload: pushPayload(SHA, PUSHED, ["src/upload.py"]),
    });
    await app.pushesChecked();
    expect(github.edits).toHaveLength(edits);
    expect(again.isDone()).toBe(false);
  });

  it("leaves an answer whose cited lines did not change, and compares the next push from the commit it was found unchanged at", async () => {
    nockAppAuth();
    const { app, github, answer } = await answerQuestion();
    const edits = github.edits.length;

    nockNoConfig();
    const first = nockCompare(SHA, PUSHED, APPENDS);
    await app.probot.receive({
      id: "delivery-push-1",
      name: "push",
      payload: pushPayload(SHA, PUSHED, ["src/upload.py"]),
    });
    await app.pushesChecked();
    expect(first.isDone()).toBe(true);
    expect(github.edits).toHaveLength(edits);

    // A push that touches no cited file costs no request at all.
    await app.probot.receive({
      id: "delivery-push-2",
      name: "push",
      payload: pushPayload(PUSHED, PUSHED_AGAIN, ["README.md"]),
    });
    await app.pushesChecked();
    expect(github.edits).toHaveLength(edits);

    // The next change to its lines is compared from the first push's commit.
    nockNoConfig();
    const next = nockCompare(PUSHED, PUSHED_AGAIN, CHANGES_LINE_8);
    nockAnswerRead(() => answer);
    await app.probot.receive({
      id: "delivery-push-3",
      name: "push",
      payload: pushPayload(PUSHED, PUSHED_AGAIN, ["src/upload.py"]),
    });
    await app.pushesChecked();
    expect(next.isDone()).toBe(true);
    expect(github.edits).toHaveLength(edits + 1);
    expect(github.edits.at(-1)).toContain(PUSHED_AGAIN.slice(0, 7));
  });

  it("lets a repository switch the watch off", async () => {
    nockAppAuth();
    const { app, github } = await answerQuestion();
    const edits = github.edits.length;
    nock(API)
      .get(`${REPO_PATH}/contents/.github%2Faskcode.yml`)
      .reply(200, "answers:\n  watch: false\n", {
        "content-type": "text/plain; charset=utf-8",
      });
    const compare = nockCompare(SHA, PUSHED, CHANGES_LINE_8);
    await app.probot.receive({
      id: "delivery-push-off",
      name: "push",
      payload: pushPayload(SHA, PUSHED, ["src/upload.py"]),
    });
    await app.pushesChecked();
    expect(compare.isDone()).toBe(false);
    expect(github.edits).toHaveLength(edits);
  });
});

describe("the staleness watch on two replicas sharing Redis", () => {
  let redis: TestRedis;
  beforeAll(async () => (redis = await startTestRedis()));
  afterAll(() => redis.stop());
  afterEach(() => nock.cleanAll());

  it("adds one note when both handle the same push", async () => {
    nockAppAuth();
    const answer = await keepAnswerIn(redis);
    const env = { REDIS_URL: redis.url };
    const replicas = [await startAskcode(env), await startAskcode(env)];
    nockNoConfig();
    nockNoConfig();
    nockCompare(SHA, PUSHED, CHANGES_LINE_8);
    nockCompare(SHA, PUSHED, CHANGES_LINE_8);
    nockAnswerRead(() => answer, 2);
    const edits = nockAnswerEdits(2);

    // GitHub redelivered the push, and the two deliveries reached different replicas at once.
    await Promise.all(
      replicas.map((replica) =>
        replica.probot.receive({
          id: "delivery-push",
          name: "push",
          payload: pushPayload(SHA, PUSHED, ["src/upload.py"]),
        }),
      ),
    );
    await Promise.all(replicas.map((replica) => replica.pushesChecked()));

    expect(edits).toHaveLength(1);
    expect(edits[0]).toContain("> - `src/upload.py` lines 6-10 changed");
    await Promise.all(replicas.map((replica) => replica.close()));
  });
});

const README_PATCH = "@@ -1 +1 @@\n-# Hello-World\n+# Hello, World";

describe("the staleness watch after a force push", () => {
  let redis: TestRedis;
  beforeAll(async () => (redis = await startTestRedis()));
  afterAll(() => redis.stop());
  afterEach(() => nock.cleanAll());

  it("notes an answer whose commit the push dropped, from its cited file at the new head", async () => {
    nockAppAuth();
    const cited = Buffer.from(UPLOAD_REPOSITORY["src/upload.py"]);
    const citedBlob = gitBlobSha(cited);
    // should_give_up's line 8 as the rewritten history has it.
    const now = Buffer.from(
      UPLOAD_REPOSITORY["src/upload.py"].replace(
        "if attempt >= MAX_ATTEMPTS:",
        "if attempt > MAX_ATTEMPTS:",
      ),
    );
    const answer = await keepAnswerIn(redis, citedBlob);
    const app = await startAskcode({ REDIS_URL: redis.url });
    nockNoConfig();
    // The answer's commit SHA is gone from the branch: GitHub compares from
    // the merge base, and its patch is of README.md alone.
    const github = nockCompare(SHA, PUSHED, README_PATCH, {
      status: "diverged",
      mergeBase: "5b1c0de0a1b2c3d4e5f60718293a4b5c6d7e8f90",
      files: [
        {
          sha: "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
          filename: "README.md",
          status: "modified",
          additions: 1,
          deletions: 1,
          changes: 2,
          patch: README_PATCH,
        },
      ],
    });
    // Probot's Octokit sends the path as one segment, as for the config.
    nockGetContent(
      {
        owner: OWNER,
        repo: REPO,
        path: "src%2Fupload.py",
        ref: PUSHED,
        body: contentsOf("src/upload.py", PUSHED, now),
      },
      github,
    );
    nockGetBlob(
      { owner: OWNER, repo: REPO, sha: citedBlob, bytes: cited },
      github,
    );
    nockAnswerRead(() => answer);
    const edits = nockAnswerEdits();

    const payload = pushPayload("1".repeat(40), PUSHED, ["README.md"]);
    payload.forced = true; // changed: the branch's history was rewritten
    await app.probot.receive({ id: "delivery-forced", name: "push", payload });
    await app.pushesChecked();

    expect(github.pendingMocks()).toStrictEqual([]);
    expect(edits).toHaveLength(1);
    expect(edits[0]).toContain("> - `src/upload.py` lines 6-10 changed");
    await app.close();
  });
});

/** The Contents API's answer for a file at `ref`, as GitHub sends it (base64 in lines of 60). */
function contentsOf(path: string, ref: string, bytes: Buffer) {
  const sha = gitBlobSha(bytes);
  const api = `${API}${REPO_PATH}`;
  const web = `https://github.com/${OWNER}/${REPO}`;
  return {
    name: path.split("/").at(-1),
    path,
    sha,
    size: bytes.length,
    url: `${api}/contents/${path}?ref=${ref}`,
    html_url: `${web}/blob/${ref}/${path}`,
    git_url: `${api}/git/blobs/${sha}`,
    download_url: `https://raw.githubusercontent.com/${OWNER}/${REPO}/${ref}/${path}`,
    type: "file",
    content: `${(bytes.toString("base64").match(/.{1,60}/g) ?? []).join("\n")}\n`,
    encoding: "base64",
    _links: {
      self: `${api}/contents/${path}?ref=${ref}`,
      git: `${api}/git/blobs/${sha}`,
      html: `${web}/blob/${ref}/${path}`,
    },
  };
}
