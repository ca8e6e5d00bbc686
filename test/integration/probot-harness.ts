import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import nock from "nock";
import { Probot, ProbotOctokit } from "probot";
import type { Registry } from "prom-client";
import { createAskcodeApp } from "../../src/index.js";
import type { JobQueue } from "../../src/jobs/job-queue.js";
import { buildTarball } from "../helpers/build-tarball.js";

export const OWNER = "Codertocat";
export const REPO = "Hello-World";
export const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
export const MISSIONS_DIR = fileURLToPath(
  new URL("../../missions", import.meta.url),
);
const API = "https://api.github.com";
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

/** A Probot running askcode, with Probot's own Octokit retries off (docs/conventions.md, "Octokit plugins and the rate-limit policy"). */
export async function startAskcode(
  env: Record<string, string> = {},
  options: { metrics?: Registry } = {},
) {
  let queue: JobQueue | undefined;
  const probot = new Probot({
    appId: 1,
    privateKey,
    logLevel: "fatal",
    Octokit: ProbotOctokit.defaults({
      retry: { enabled: false },
      throttle: { enabled: false },
    }),
  });
  await probot.load(
    createAskcodeApp({
      env: { ASKCODE_MISSIONS_DIR: MISSIONS_DIR, ...env },
      retryAfterBaseValue: 1,
      onQueue: (q) => (queue = q),
      metrics: options.metrics,
    }),
  );
  return { probot, idle: () => queue!.onIdle() };
}

/** The installation token and the app's own identity, as GitHub answers them. */
export function nockAppAuth(): nock.Scope {
  return nock(API)
    .persist()
    .post("/app/installations/1/access_tokens")
    .reply(201, {
      token: "ghs_16C7e42F292c6912E7710c838347Ae178B4a",
      expires_at: "2099-01-01T00:00:00Z",
      permissions: { contents: "read", metadata: "read", issues: "write" },
      repository_selection: "selected",
    })
    .get("/app")
    .reply(200, { id: 1, slug: "askcode", name: "askcode" });
}

/** No `.github/askcode.yml` in the repository nor in the owner's `.github` repository. */
export function nockNoConfig(): nock.Scope {
  const notFound = {
    message: "Not Found",
    documentation_url:
      "https://docs.github.com/rest/repos/contents#get-repository-content",
    status: "404",
  };
  return nock(API)
    .get(`${REPO_PATH}/contents/.github%2Faskcode.yml`)
    .reply(404, notFound)
    .get(`/repos/${OWNER}/.github/contents/.github%2Faskcode.yml`)
    .reply(404, notFound);
}

/**
 * The repository at SHA: its default branch, commit, tree and tarball, and
 * the issue thread; records the comment askcode posts and each edit of it.
 */
export async function nockRepository(files: Record<string, string>) {
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
    url: `${API}${REPO_PATH}/git/blobs/${"0".repeat(40)}`,
  }));
  const scope = nock(API)
    .post(/\/reactions$/)
    .reply(201, (uri, body) => {
      reactions.push(`${uri} ${(body as { content: string }).content}`);
      return { id: 1, content: "eyes" };
    })
    .post(`${REPO_PATH}/issues/1/comments`)
    .reply(201, (_uri, body) => {
      posted.push((body as { body: string }).body);
      return { id: 4242, body: (body as { body: string }).body };
    })
    .get(REPO_PATH)
    .reply(
      200,
      { id: 1296269, full_name: `${OWNER}/${REPO}`, default_branch: "main" },
      { etag: '"repo-etag"' },
    )
    .get(`${REPO_PATH}/commits/main`)
    .reply(200, SHA, {
      "content-type": "application/vnd.github.sha; charset=utf-8",
      etag: `"${SHA}"`,
    })
    .get(`${REPO_PATH}/git/trees/${SHA}`)
    .query({ recursive: "1" })
    .reply(200, {
      sha: SHA,
      url: `${API}${REPO_PATH}/git/trees/${SHA}`,
      tree,
      truncated: false,
    })
    .get(`${REPO_PATH}/tarball/${SHA}`)
    .reply(302, "", {
      location: `https://codeload.github.com/${OWNER}/${REPO}/legacy.tar.gz/${SHA}`,
    })
    .get(`${REPO_PATH}/issues/1`)
    .reply(200, {
      number: 1,
      title: "Spelling error in the README file",
      body: "It looks like you accidently spelled 'commit' with two 't's.",
    })
    .get(`${REPO_PATH}/issues/1/comments`)
    .query(true)
    .reply(200, [])
    .patch(`${REPO_PATH}/issues/comments/4242`)
    .times(10)
    .reply(200, (_uri, body) => {
      edits.push((body as { body: string }).body);
      return { id: 4242 };
    });
  const codeload = nock("https://codeload.github.com")
    .get(`/${OWNER}/${REPO}/legacy.tar.gz/${SHA}`)
    .reply(200, tarball, { "content-type": "application/x-gzip" });
  return { scope, codeload, posted, edits, reactions };
}

/** Every permalink in a comment, as path and line range. */
export function permalinks(
  body: string,
): Array<{ path: string; start: number; end: number }> {
  const pattern = new RegExp(
    `https://github\\.com/${OWNER}/${REPO}/blob/${SHA}/([^#\\s)]+)#L(\\d+)(?:-L(\\d+))?`,
    "g",
  );
  return [...body.matchAll(pattern)].map((m) => ({
    path: m[1]!,
    start: Number(m[2]),
    end: Number(m[3] ?? m[2]),
  }));
}

/** A webhook payload from test/fixtures/webhooks/ (real @octokit/webhooks-examples payloads). */
export function webhookPayload(name: string) {
  return JSON.parse(
    readFileSync(
      new URL(`../fixtures/webhooks/${name}.json`, import.meta.url),
      "utf8",
    ),
  );
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
