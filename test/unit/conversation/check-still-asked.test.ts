import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import nock from "nock";
import { Probot, ProbotOctokit } from "probot";
import type { TriggerJob } from "../../../src/question/trigger-job.js";
import { installationConfigSource } from "../../../src/config/installation-config-source.js";
import { acceptTrigger } from "../../../src/run/accept-trigger.js";
import { checkStillAsked } from "../../../src/conversation/check-still-asked.js";
import type { QuestionOctokit } from "../../../src/conversation/question-octokit.js";
import {
  nockGraphql,
  type GraphqlSent,
} from "../../helpers/graphql-discussion.js";
import { triggerJob } from "../../helpers/trigger-job.js";
import { loadWebhook } from "../webhooks/webhook-fixture.js";

// The REST comment and issue are the webhook's objects (same shapes).
const example = JSON.parse(
  readFileSync(
    new URL(
      "../../fixtures/webhooks/issue_comment.created.mention.json",
      import.meta.url,
    ),
    "utf8",
  ),
) as { comment: { id: number }; issue: { locked: boolean } };
const COMMENT = "/repos/octo-org/hello-world/issues/comments/492700400";
const ISSUE = "/repos/octo-org/hello-world/issues/1";
const CONFIG = "/repos/octo-org/hello-world/contents/.github%2Faskcode.yml";
const COMMENT_NOT_FOUND = {
  message: "Not Found",
  documentation_url:
    "https://docs.github.com/rest/issues/comments#get-an-issue-comment",
  status: "404",
};
const ON_COMMENT = {
  owner: "octo-org",
  repo: "hello-world",
  issueNumber: 1,
  reactTo: { kind: "comment" as const, commentId: example.comment.id },
};

function octokit() {
  return new ProbotOctokit({
    auth: { token: "ghs_test" },
    throttle: { enabled: false },
    retry: { enabled: false },
  });
}

describe("checkStillAsked", () => {
  it("finds the comment and the issue open: still asked", async () => {
    const scope = nock("https://api.github.com")
      .get(COMMENT)
      .reply(200, example.comment)
      .get(ISSUE)
      .reply(200, example.issue);
    expect(
      await checkStillAsked(
        octokit() as unknown as QuestionOctokit,
        ON_COMMENT,
      ),
    ).toBe("asked");
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("says a comment GitHub no longer has was deleted, without reading the issue", async () => {
    nock("https://api.github.com").get(COMMENT).reply(404, COMMENT_NOT_FOUND);
    expect(
      await checkStillAsked(
        octokit() as unknown as QuestionOctokit,
        ON_COMMENT,
      ),
    ).toBe("comment-deleted");
  });

  it("reads a review comment on a line at the pull request comments' route, and knows a deleted one", async () => {
    const reviewComment =
      "/repos/octo-org/hello-world/pulls/comments/284312630";
    nock("https://api.github.com").get(reviewComment).reply(404, {
      message: "Not Found",
      documentation_url:
        "https://docs.github.com/rest/pulls/comments#get-a-review-comment-for-a-pull-request",
      status: "404",
    });
    expect(
      await checkStillAsked(octokit() as unknown as QuestionOctokit, {
        ...ON_COMMENT,
        reactTo: {
          kind: "review-comment",
          commentId: 284312630,
          reviewComment: {
            pullNumber: 1,
            path: "README.md",
            line: 265,
            side: "RIGHT",
            diffHunk: "@@ -1 +1 @@\n-# Hello-World",
            commitId: "ec26c3e57ca3a959ca5aad62de7213c562f8c821",
          },
        },
      }),
    ).toBe("comment-deleted");
  });

  it("says a locked issue is locked", async () => {
    nock("https://api.github.com")
      .get(COMMENT)
      .reply(200, example.comment)
      .get(ISSUE)
      .reply(200, { ...example.issue, locked: true });
    expect(
      await checkStillAsked(
        octokit() as unknown as QuestionOctokit,
        ON_COMMENT,
      ),
    ).toBe("issue-locked");
  });

  it("reads only the issue for a question the issue asked, and knows a deleted one", async () => {
    nock("https://api.github.com").get(ISSUE).reply(410, {
      message: "This issue was deleted",
      documentation_url:
        "https://docs.github.com/rest/issues/issues#get-an-issue",
      status: "410",
    });
    expect(
      await checkStillAsked(octokit() as unknown as QuestionOctokit, {
        ...ON_COMMENT,
        reactTo: { kind: "issue" },
      }),
    ).toBe("issue-deleted");
  });

  it("throws what is not an answer about the question (a 502)", async () => {
    nock("https://api.github.com")
      .get(COMMENT)
      .reply(502, { message: "Server Error" });
    await expect(
      checkStillAsked(octokit() as unknown as QuestionOctokit, ON_COMMENT),
    ).rejects.toMatchObject({
      status: 502,
    });
  });
});

describe("acceptTrigger with the still-asked check", () => {
  function setup() {
    const lines: Array<[string, object, string]> = [];
    const ignored: string[] = [];
    const client = octokit();
    const deps = {
      configSource: async (trigger: TriggerJob) =>
        installationConfigSource(client, trigger, {}),
      appSlug: async () => "askcode",
      missions: [],
      log: {
        info: (meta: object, message: string) =>
          lines.push(["info", meta, message]),
        warn: (meta: object, message: string) =>
          lines.push(["warn", meta, message]),
      },
      metrics: { ignored: (reason: string) => ignored.push(reason) },
      stillAsked: (question: Parameters<typeof checkStillAsked>[1]) =>
        checkStillAsked(client as unknown as QuestionOctokit, question),
    };
    return { deps, lines, ignored };
  }
  const job = (): TriggerJob =>
    triggerJob({ payload: loadWebhook("issue_comment.created.mention") });

  it("drops quietly a question whose comment was deleted: one log line, one count, nothing returned", async () => {
    nock("https://api.github.com")
      .get(CONFIG)
      .reply(200, "max_steps: 3\n")
      .get(COMMENT)
      .reply(404, COMMENT_NOT_FOUND);
    const { deps, lines, ignored } = setup();
    expect(await acceptTrigger(job(), deps)).toBeUndefined();
    expect(ignored).toStrictEqual(["comment-deleted"]);
    expect(lines).toStrictEqual([
      [
        "info",
        { reason: "comment-deleted", deliveryId: "d-1" },
        "askcode drops this question: the comment that asked was deleted before its turn",
      ],
    ]);
  });

  it("drops a question whose issue was locked", async () => {
    nock("https://api.github.com")
      .get(CONFIG)
      .reply(200, "max_steps: 3\n")
      .get(COMMENT)
      .reply(200, example.comment)
      .get(ISSUE)
      .reply(200, { ...example.issue, locked: true });
    const { deps, ignored } = setup();
    expect(await acceptTrigger(job(), deps)).toBeUndefined();
    expect(ignored).toStrictEqual(["issue-locked"]);
  });

  it("answers when GitHub cannot say (a 5xx, once Octokit's retries are spent)", async () => {
    nock("https://api.github.com")
      .get(CONFIG)
      .reply(200, "max_steps: 3\n")
      .get(COMMENT)
      .reply(502, { message: "Server Error" });
    const { deps, lines, ignored } = setup();
    const question = await acceptTrigger(job(), deps);
    expect(question?.config.max_steps).toBe(3);
    expect(question?.reactTo).toStrictEqual({
      kind: "comment",
      commentId: 492700400,
    });
    expect(ignored).toStrictEqual([]);
    expect(lines.map(([level, , message]) => [level, message])).toStrictEqual([
      [
        "warn",
        "askcode could not check that the question is still there; answering it",
      ],
    ]);
  });
});

describe("checkStillAsked when GitHub will not give a token for the installation", () => {
  const TOKEN = "/app/installations/1/access_tokens";
  const tokenRefusal = (status: number, message: string) => ({
    message,
    documentation_url:
      "https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app",
    status: String(status),
  });
  // Probot's installation client, as the worker gets it from `app.auth(id)`:
  // its token is fetched with its first request.
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  async function installationOctokit() {
    const probot = new Probot({
      appId: 1,
      privateKey,
      logLevel: "fatal",
      Octokit: ProbotOctokit.defaults({
        throttle: { enabled: false },
        retry: { enabled: false },
      }),
    });
    return (await probot.auth(1)) as unknown as QuestionOctokit;
  }

  it.each([
    [404, "Not Found", "installation-unknown"],
    [403, "This installation has been suspended", "installation-suspended"],
    [401, "A JSON web token could not be decoded", "credentials-refused"],
  ] as const)(
    "tells GitHub's %i for the token (%s) from a deleted comment",
    async (status, message, verdict) => {
      const scope = nock("https://api.github.com")
        .post(TOKEN)
        .reply(status, tokenRefusal(status, message));

      expect(
        await checkStillAsked(await installationOctokit(), ON_COMMENT),
      ).toBe(verdict);
      expect(scope.pendingMocks()).toStrictEqual([]);
    },
  );

  it("drops the question with that reason in the log, not comment-deleted", async () => {
    const scope = nock("https://api.github.com")
      .post(TOKEN)
      .reply(404, tokenRefusal(404, "Not Found"));
    const lines: Array<[string, object, string]> = [];
    const ignored: string[] = [];
    const installation = await installationOctokit();
    const job = triggerJob({
      payload: loadWebhook("issue_comment.created.mention"),
    });

    const question = await acceptTrigger(job, {
      // The config's own reads are not the point here.
      configSource: async () => ({ config: async () => undefined }),
      appSlug: async () => "askcode",
      missions: [],
      log: {
        info: (meta, text) => void lines.push(["info", meta, text]),
        warn: (meta, text) => void lines.push(["warn", meta, text]),
      },
      metrics: { ignored: (reason) => void ignored.push(reason) },
      stillAsked: (asked) => checkStillAsked(installation, asked),
    });

    expect(question).toBeUndefined();
    expect(ignored).toStrictEqual(["installation-unknown"]);
    expect(lines).toStrictEqual([
      [
        "warn",
        { reason: "installation-unknown", deliveryId: "d-1" },
        "askcode drops this question: GitHub answered 404 for the installation's token: it does not know the installation (the app was uninstalled?)",
      ],
    ]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});

describe("checkStillAsked in a discussion", () => {
  const DISCUSSION = "MDEwOkRpc2N1c3Npb24zMjk5NjE0";
  const COMMENT_NODE = "MDE3OkRpc2N1c3Npb25Db21tZW50NTUwMDYy";
  const ON_DISCUSSION_COMMENT = {
    owner: "Codertocat",
    repo: "Hello-World",
    issueNumber: 4,
    reactTo: {
      kind: "discussion-comment" as const,
      commentId: 550062,
      discussion: {
        number: 4,
        nodeId: DISCUSSION,
        category: "General",
        comment: { nodeId: COMMENT_NODE },
      },
    },
  };
  const notFound = (field: string, id: string) => ({
    type: "NOT_FOUND",
    path: [field],
    locations: [{ line: 3, column: 3 }],
    message: `Could not resolve to a node with the global id of '${id}'`,
  });

  it("reads the discussion and the comment in one query: still asked", async () => {
    const sent: GraphqlSent[] = [];
    const scope = nockGraphql(
      nock("https://api.github.com"),
      "DiscussionStillAsked",
      {
        data: { discussion: { locked: false }, comment: { id: COMMENT_NODE } },
      },
      sent,
    );
    expect(
      await checkStillAsked(
        octokit() as unknown as QuestionOctokit,
        ON_DISCUSSION_COMMENT,
      ),
    ).toBe("asked");
    expect(scope.isDone()).toBe(true);
    expect(sent[0]?.variables).toStrictEqual({
      discussion: DISCUSSION,
      comment: COMMENT_NODE,
      withComment: true,
    });
  });

  it("says a comment GitHub cannot resolve was deleted, and a locked discussion is locked", async () => {
    const scope = nock("https://api.github.com");
    nockGraphql(scope, "DiscussionStillAsked", {
      data: { discussion: { locked: false }, comment: null },
      errors: [notFound("comment", COMMENT_NODE)],
    });
    nockGraphql(scope, "DiscussionStillAsked", {
      data: { discussion: { locked: true }, comment: { id: COMMENT_NODE } },
    });
    const client = octokit() as unknown as QuestionOctokit;
    expect(await checkStillAsked(client, ON_DISCUSSION_COMMENT)).toBe(
      "comment-deleted",
    );
    expect(await checkStillAsked(client, ON_DISCUSSION_COMMENT)).toBe(
      "issue-locked",
    );
  });

  it("says a discussion GitHub cannot resolve was deleted", async () => {
    nockGraphql(nock("https://api.github.com"), "DiscussionStillAsked", {
      data: { discussion: null },
      errors: [notFound("discussion", DISCUSSION)],
    });
    expect(
      await checkStillAsked(octokit() as unknown as QuestionOctokit, {
        ...ON_DISCUSSION_COMMENT,
        reactTo: {
          kind: "discussion",
          discussion: { number: 4, nodeId: DISCUSSION, category: "General" },
        },
      }),
    ).toBe("issue-deleted");
  });

  it("throws an error that is not about the question (FORBIDDEN)", async () => {
    nockGraphql(nock("https://api.github.com"), "DiscussionStillAsked", {
      data: null,
      errors: [
        {
          type: "FORBIDDEN",
          path: ["discussion"],
          message: "Resource not accessible by integration",
        },
      ],
    });
    await expect(
      checkStillAsked(
        octokit() as unknown as QuestionOctokit,
        ON_DISCUSSION_COMMENT,
      ),
    ).rejects.toMatchObject({ name: "GraphqlResponseError" });
  });
});
