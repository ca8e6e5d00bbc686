import { createHmac, generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import nock from "nock";
import { Probot, ProbotOctokit } from "probot";
import type { Registry } from "prom-client";
import { createAskcodeApp } from "../../src/index.js";
import type { JobQueue } from "../../src/jobs/job-queue.js";
import type { KeptCoChangeSource } from "../../src/compose/kept-co-change-source.js";
import type { PushWatch } from "../../src/watch/push-watch.js";
import type { Clock } from "../../src/shared/clock.js";
import { buildTarball } from "../helpers/build-tarball.js";
import { tempDirForThisFile } from "../helpers/temp-dirs-of-this-file.js";
import {
  restPullRequest,
  restPullRequestFile,
} from "../helpers/rest-pull-request.js";

export const OWNER = "Codertocat";
export const REPO = "Hello-World";
export const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
/** The webhook examples' `repository.id` (Codertocat/Hello-World). */
export const REPOSITORY_ID = 186853002;
export const MISSIONS_DIR = fileURLToPath(
  new URL("../../missions", import.meta.url),
);

/**
 * A small repository that answers the mention payload's question ("where
 * does the retry logic decide to give up?").
 */
export const UPLOAD_REPOSITORY = {
  "README.md":
    "# Hello-World\n\nUploads files, and retries when the server fails.\n",
  "src/upload.py": [
    "import time",
    "",
    "MAX_ATTEMPTS = 5",
    "",
    "",
    "def should_give_up(attempt, status):",
    '    """The retry logic gives up after MAX_ATTEMPTS or on a client error."""',
    "    if attempt >= MAX_ATTEMPTS:",
    "        return True",
    "    return 400 <= status < 500",
    "",
    "",
    "def upload(send, body):",
    "    attempt = 0",
    "    while True:",
    "        status = send(body)",
    "        if status < 400 or should_give_up(attempt, status):",
    "            return status",
    "        attempt += 1",
    "        time.sleep(2 ** attempt)",
    "",
  ].join("\n"),
  "src/server.py": "def serve(port):\n    return port\n",
};

/** Where a GitHub lives: its REST API root, its web pages, and the host archives download from. */
export interface GitHubHost {
  /** The REST API root, as Probot's `baseUrl` (no trailing slash). */
  api: string;
  web: string;
  codeload: string;
}

export const GITHUB_COM: GitHubHost = {
  api: "https://api.github.com",
  web: "https://github.com",
  codeload: "https://codeload.github.com",
};

/**
 * A GitHub Enterprise Server as Probot reaches it with
 * `GHE_HOST=127.0.0.1:8443 GHE_PROTOCOL=http`: the API under `/api/v3`, the
 * web pages at the root, archives from another origin of the same machine.
 */
export const GHES_ON_LOOPBACK: GitHubHost = {
  api: "http://127.0.0.1:8443/api/v3",
  web: "http://127.0.0.1:8443",
  codeload: "http://localhost:8443",
};

/** A nock scope on `host`'s API origin, and the path prefix its routes take (`/api/v3` on GHES). */
function apiScope(host: GitHubHost) {
  const { origin, pathname } = new URL(host.api);
  return { scope: nock(origin), prefix: pathname.replace(/\/$/, "") };
}

const REPO_PATH = `/repos/${OWNER}/${REPO}`;

// One key for the suite: Probot signs its app JWT with it; nock never checks.
const { privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

/** A file that answers the payloads' question ("where does the retry logic decide to give up?"). */
export const UPLOAD_PY = [
  "MAX_ATTEMPTS = 5",
  "",
  "def should_give_up(attempt, status):",
  "    if attempt >= MAX_ATTEMPTS:",
  "        return True",
  "    return 400 <= status < 500",
  "",
].join("\n");

/** The secret Probot checks each delivery's `X-Hub-Signature-256` against. */
const WEBHOOK_SECRET = "askcode-test-webhook-secret";

/**
 * A Probot running askcode, with Probot's own Octokit retries off (the tests
 * drive askcode's policy, not Probot's), on `host`'s API (as `GHE_HOST` and
 * `GHE_PROTOCOL` would set it), counting into `metrics` and waiting on
 * `clock` when given.
 */
export async function startAskcode(
  env: Record<string, string> = {},
  {
    host = GITHUB_COM,
    metrics,
    clock,
  }: { host?: GitHubHost; metrics?: Registry; clock?: Clock } = {},
) {
  let queue: JobQueue | undefined;
  let pushes: PushWatch | undefined;
  let coChange: KeptCoChangeSource | undefined;
  const probot = new Probot({
    appId: 1,
    privateKey,
    secret: WEBHOOK_SECRET,
    baseUrl: host.api,
    logLevel: "fatal",
    // These options do not reach Probot's installation Octokit, which keeps
    // GitHub's write pacing and its retries (see
    // test/helpers/unpaced-probot-octokit.ts, which does turn them off).
    // progress-comment.test.ts still leans on that pacing's real-time delay
    // to see every step; until it waits on the reporter itself, the
    // in-process tests keep it.
    Octokit: ProbotOctokit.defaults({
      retry: { enabled: false },
      throttle: { enabled: false },
    }),
  });
  await probot.load(
    createAskcodeApp({
      // No blob cache unless a test asks: one in the OS temp directory
      // would carry blobs from one test (and run) into the next.
      env: {
        ASKCODE_MISSIONS_DIR: MISSIONS_DIR,
        ASKCODE_BLOB_CACHE_MAX_BYTES: "0",
        // Each app its own embedded store: one process per data directory.
        ASKCODE_DATA_DIR: tempDirForThisFile("askcode-data-"),
        ...env,
      },
      retryAfterBaseValue: 1,
      onQueue: (q) => (queue = q),
      onPushWatch: (p) => (pushes = p),
      onCoChange: (c) => (coChange = c),
      metrics,
      clock,
    }),
  );
  return {
    probot,
    idle: () => queue!.onIdle(),
    /** Resolves once every push delivered so far was checked against the answers kept. */
    pushesChecked: () => pushes!.idle(),
    /** The history the co-change tier reads; its `idle` waits for the first fills under way. */
    coChange: () => coChange!,
    /** Stops the queue and lets go of its store (a Redis connection keeps a test running). */
    close: () => queue!.close(),
  };
}

/**
 * Delivers a webhook as GitHub does: the JSON body signed with the app's
 * secret (`X-Hub-Signature-256`), verified by Probot before any handler runs.
 * See https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries
 */
export async function deliverSigned(
  probot: Probot,
  event: { id: string; name: "issue_comment" | "issues"; payload: object },
) {
  const body = JSON.stringify(event.payload);
  const signature = `sha256=${createHmac("sha256", WEBHOOK_SECRET).update(body).digest("hex")}`;
  await probot.webhooks.verifyAndReceive({
    id: event.id,
    name: event.name,
    payload: body,
    signature,
  });
}

/** The installation token and the app's own identity, as GitHub answers them. */
export function nockAppAuth(host: GitHubHost = GITHUB_COM): nock.Scope {
  const { scope, prefix } = apiScope(host);
  return scope
    .persist()
    .post(`${prefix}/app/installations/1/access_tokens`)
    .reply(201, {
      token: "ghs_16C7e42F292c6912E7710c838347Ae178B4a",
      expires_at: "2099-01-01T00:00:00Z",
      permissions: { contents: "read", metadata: "read", issues: "write" },
      repository_selection: "selected",
    })
    .get(`${prefix}/app`)
    .reply(200, { id: 1, slug: "askcode", name: "askcode" });
}

/** No `.github/askcode.yml` in the repository nor in the owner's `.github` repository. */
export function nockNoConfig(host: GitHubHost = GITHUB_COM): nock.Scope {
  const notFound = {
    message: "Not Found",
    documentation_url:
      "https://docs.github.com/rest/repos/contents#get-repository-content",
    status: "404",
  };
  const { scope, prefix } = apiScope(host);
  return scope
    .get(`${prefix}${REPO_PATH}/contents/.github%2Faskcode.yml`)
    .reply(404, notFound)
    .get(`${prefix}/repos/${OWNER}/.github/contents/.github%2Faskcode.yml`)
    .reply(404, notFound);
}

/** The repository's `.github/askcode.yml`, as GitHub serves a file in raw form. */
export function nockConfig(
  yaml: string,
  host: GitHubHost = GITHUB_COM,
): nock.Scope {
  const { scope, prefix } = apiScope(host);
  return scope
    .get(`${prefix}${REPO_PATH}/contents/.github%2Faskcode.yml`)
    .reply(200, yaml, { "content-type": "text/plain; charset=utf-8" });
}

/**
 * The repository at SHA: its default branch, commit, tree and tarball, and
 * the issue thread; records the comment askcode posts and each edit of it.
 * With `resolve`, the run is expected to resolve that ref (a pull request's
 * head SHA) instead of the default branch, and gets SHA for it.
 */
export async function nockRepository(
  files: Record<string, string>,
  host: GitHubHost = GITHUB_COM,
  { resolve }: { resolve?: string } = {},
) {
  const posted: string[] = [];
  const edits: string[] = [];
  const reactions: string[] = [];
  const tarball = await buildTarball({
    files,
    commit: SHA,
    prefix: `${OWNER}-${REPO}-${SHA.slice(0, 7)}`,
  });
  const tree = Object.entries(files).map(([path, text]) => ({
    path,
    mode: "100644",
    type: "blob",
    sha: "0".repeat(40),
    size: Buffer.byteLength(text),
    url: `${host.api}${REPO_PATH}/git/blobs/${"0".repeat(40)}`,
  }));
  const { scope: api, prefix } = apiScope(host);
  const at = (path: string) => `${prefix}${REPO_PATH}${path}`;
  // The default branch is looked up only when no ref is resolved instead.
  if (resolve === undefined)
    api
      .get(at(""))
      .reply(
        200,
        { id: 1296269, full_name: `${OWNER}/${REPO}`, default_branch: "main" },
        { etag: '"repo-etag"' },
      );
  const scope = api
    .post(/\/reactions$/)
    .reply(201, (uri, body) => {
      reactions.push(`${uri} ${(body as { content: string }).content}`);
      return { id: 1, content: "eyes" };
    })
    .post(at("/issues/1/comments"))
    .reply(201, (_uri, body) => {
      posted.push((body as { body: string }).body);
      return { id: 4242, body: (body as { body: string }).body };
    })
    .get(at(`/commits/${resolve ?? "main"}`))
    .reply(200, SHA, {
      "content-type": "application/vnd.github.sha; charset=utf-8",
      etag: `"${SHA}"`,
    })
    .get(at(`/git/trees/${SHA}`))
    .query({ recursive: "1" })
    .reply(200, {
      sha: SHA,
      url: `${host.api}${REPO_PATH}/git/trees/${SHA}`,
      tree,
      truncated: false,
    })
    .get(at(`/tarball/${SHA}`))
    .reply(302, "", {
      location: `${host.codeload}/${OWNER}/${REPO}/legacy.tar.gz/${SHA}`,
    })
    // The REST issue is the webhook's `issue` object: the same fields, its
    // author and author_association included.
    // Read twice: whether the question is still asked (before 👀), then the thread.
    .get(at("/issues/1"))
    .times(2)
    .reply(200, webhookPayload("issue_comment.created", host).issue)
    // The asking comment, still there (a label asks without one).
    .get((path) => path.startsWith(at("/issues/comments/")))
    .optionally()
    .reply(200, (uri) => ({
      ...webhookPayload("issue_comment.created", host).comment,
      id: Number(uri.split("/").pop()),
    }))
    .get(at("/issues/1/comments"))
    .query(true)
    .reply(200, [])
    .patch(at("/issues/comments/4242"))
    .times(10)
    .reply(200, (_uri, body) => {
      edits.push((body as { body: string }).body);
      return { id: 4242 };
    });
  // The token is the API's alone: a download that carried it would not match.
  const codeload = nock(host.codeload, { badheaders: ["authorization"] })
    .get(`/${OWNER}/${REPO}/legacy.tar.gz/${SHA}`)
    .reply(200, tarball, { "content-type": "application/x-gzip" });
  return { scope, codeload, posted, edits, reactions };
}

/**
 * Pull request #1 (the issue of the webhook payloads, as a pull request):
 * `GET /pulls/1` answers `heads` in turn, the last one from then on (a head
 * that moves during the run is two), and its changed files.
 */
export function nockPullRequest(
  files: ReturnType<typeof restPullRequestFile>[],
  heads: readonly string[] = [SHA],
  host: GitHubHost = GITHUB_COM,
) {
  const { scope, prefix } = apiScope(host);
  let reads = 0;
  return scope
    .get(`${prefix}${REPO_PATH}/pulls/1`)
    .times(2)
    .reply(200, () =>
      restPullRequest({
        number: 1,
        headSha: heads[Math.min(reads++, heads.length - 1)],
        changedFiles: files.length,
      }),
    )
    .get(`${prefix}${REPO_PATH}/pulls/1/files`)
    .query({ per_page: "100", page: "1" })
    .reply(200, files);
}

/** Every permalink in a comment, on `web` (github.com by default), as path and line range. */
export function permalinks(
  body: string,
  web: string = GITHUB_COM.web,
): Array<{ path: string; start: number; end: number }> {
  const pattern = new RegExp(
    `${escapeRegExp(web)}/${OWNER}/${REPO}/blob/${SHA}/([^#\\s)]+)#L(\\d+)(?:-L(\\d+))?`,
    "g",
  );
  return [...body.matchAll(pattern)].map((m) => ({
    path: m[1]!,
    start: Number(m[2]),
    end: Number(m[3] ?? m[2]),
  }));
}

/**
 * A webhook payload from test/fixtures/webhooks/ (real @octokit/webhooks-examples
 * payloads), as `host` would send it: every API and web address on its hosts.
 */
export function webhookPayload(name: string, host: GitHubHost = GITHUB_COM) {
  const text = readFileSync(
    new URL(`../fixtures/webhooks/${name}.json`, import.meta.url),
    "utf8",
  )
    .replaceAll(GITHUB_COM.api, host.api)
    .replaceAll(GITHUB_COM.web, host.web);
  return JSON.parse(text);
}

/**
 * A push of one commit to the default branch, as GitHub delivers it (the
 * fixture is `@octokit/webhooks-examples`' push to `refs/heads/master`), from
 * `before` to `after`, modifying `paths`.
 */
export function pushPayload(before: string, after: string, paths: string[]) {
  const payload = webhookPayload("push");
  payload.before = before; // changed
  payload.after = after; // changed
  payload.created = false; // changed: the branch existed
  payload.commits[0].id = after; // changed
  payload.commits[0].added = []; // changed
  payload.commits[0].modified = paths; // changed
  return payload;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A model endpoint on `http://llm.test`, which tests answer with nock: the app's environment for it. */
export const MODEL_ENV = {
  OPENAI_BASE_URL: "http://llm.test/v1",
  OPENAI_API_KEY: "sk-test",
};

/**
 * The model endpoint of `MODEL_ENV`, asked once: it answers `content`, or
 * with none a 500, for a test that checks it was never asked (`isDone()`).
 */
export function nockModel(content?: string): nock.Scope {
  const scope = nock("http://llm.test").post("/v1/chat/completions");
  return content === undefined
    ? scope.reply(500)
    : scope.reply(200, chatCompletion({ content }));
}

/** One OpenAI chat-completion reply, as an OpenAI-compatible server sends it. */
export function chatCompletion(message: {
  content?: string | null;
  tool_calls?: unknown[];
}) {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "gpt-4o",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: message.content ?? null,
          tool_calls: message.tool_calls,
        },
        finish_reason: message.tool_calls ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 900, completion_tokens: 60, total_tokens: 960 },
  };
}
