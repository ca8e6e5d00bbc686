import { createTriggerHandler } from "../../../src/webhooks/handle-trigger-event.js";
import type { WebhookFixture } from "./webhook-fixture.js";
import { delivery, recordingQueue } from "./trigger-delivery.js";

function setup() {
  const { queue, jobs } = recordingQueue();
  const handle = createTriggerHandler({
    queue,
    missions: [],
    now: () => new Date("2024-01-01T00:00:00Z"),
  });
  return { handle, jobs };
}

describe("createTriggerHandler", () => {
  it("enqueues a mention as plain data: where it came from and the trigger's facts, nothing else", async () => {
    const { handle, jobs } = setup();
    const { context, lines } = delivery("d-1", "issue_comment.created.mention");
    await handle(context);

    expect(jobs).toStrictEqual([
      {
        deliveryId: "d-1",
        triggerId: "comment:492700400",
        event: "issue_comment",
        installationId: 1,
        repositoryId: 186853002,
        owner: "Codertocat",
        repo: "Hello-World",
        htmlUrl: "https://github.com/Codertocat/Hello-World",
        issueNumber: 1,
        payload: {
          action: "created",
          sender: { login: "Codertocat", type: "User" },
          issue: {
            id: 444500041,
            title: "Spelling error in the README file",
            body: "It looks like you accidently spelled 'commit' with two 't's.",
            locked: false,
            state: "open",
            author_association: "OWNER",
            user: { login: "Codertocat" },
            updated_at: "2019-05-15T15:20:21Z",
          },
          comment: {
            id: 492700400,
            body: "@askcode where does the retry logic decide to give up?",
            author_association: "OWNER",
          },
        },
        receivedAt: "2024-01-01T00:00:00.000Z",
      },
    ]);
    // What a shared queue would store survives JSON unchanged.
    expect(JSON.parse(JSON.stringify(jobs[0]))).toStrictEqual(jobs[0]);
    expect(lines).toStrictEqual([]);
  });

  it("enqueues a mention of a name that is not the app's: the repository's config may make it the handle", async () => {
    const { handle, jobs } = setup();
    const { context, payload } = delivery("d-1", "issue_comment.created");
    payload.comment!.body = "@helper where is retry decided?";
    await handle(context);
    expect(jobs.map((job) => job.triggerId)).toStrictEqual([
      "comment:492700400",
    ]);
  });

  it("ignores a payload without a sender, with one log line, instead of failing the delivery", async () => {
    const { handle, jobs } = setup();
    const { context, payload, lines } = delivery(
      "d-1",
      "issue_comment.created.mention",
    );
    delete (payload as { sender?: unknown }).sender;
    await expect(handle(context)).resolves.toBeUndefined();
    expect(jobs).toStrictEqual([]);
    expect(lines).toStrictEqual([
      {
        meta: { reason: "no-sender" },
        message: "askcode ignores this event: the payload names no sender",
      },
    ]);
  });

  it.each<
    [
      string,
      WebhookFixture,
      (p: ReturnType<typeof delivery>["payload"]) => void,
      string,
    ]
  >([
    [
      "a payload without an installation",
      "issue_comment.created.mention",
      (p) => delete p.installation,
      "no-installation",
    ],
    [
      "a bot's comment (the app's own)",
      "issue_comment.created.bot",
      () => {},
      "bot",
    ],
    [
      "a comment that mentions no one",
      "issue_comment.created",
      () => {},
      "no-mention",
    ],
    ["an edited comment", "issue_comment.edited", () => {}, "edited"],
    [
      "a label no mission claims",
      "issues.labeled",
      () => {},
      "label-not-claimed",
    ],
  ])("logs %s once, with its reason", async (_, fixture, change, reason) => {
    const { handle, jobs } = setup();
    const { context, payload, lines } = delivery("d-1", fixture);
    change(payload);
    await handle(context);
    expect(jobs).toStrictEqual([]);
    expect(lines).toStrictEqual([
      {
        meta: { reason },
        message: expect.stringMatching(/^askcode ignores this event: ./),
      },
    ]);
  });

  it("logs a redelivered question once as already queued, and enqueues it once", async () => {
    const { handle, jobs } = setup();
    const first = delivery("d-1", "issue_comment.created.mention");
    const again = delivery("d-1", "issue_comment.created.mention");
    const copy = delivery("d-2", "issue_comment.created.mention");
    await handle(first.context);
    await handle(again.context);
    await handle(copy.context);
    expect(jobs).toHaveLength(1);
    expect([...first.lines, ...again.lines, ...copy.lines]).toStrictEqual([
      {
        meta: { triggerId: "comment:492700400" },
        message: "askcode already has this question",
      },
      {
        meta: { triggerId: "comment:492700400" },
        message: "askcode already has this question",
      },
    ]);
  });

  it("enqueues a review comment on a line under its pull request's number, with its place in the diff", async () => {
    const { handle, jobs } = setup();
    const { context } = delivery(
      "d-r",
      "pull_request_review_comment.created.mention",
    );
    await handle(context);

    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      triggerId: "review-comment:284312630",
      event: "pull_request_review_comment",
      issueNumber: 2,
      payload: {
        issue: { pull_request: true },
        comment: { id: 284312630 },
        reviewComment: { pullNumber: 2, path: "README.md", line: 265 },
      },
    });
  });

  it("enqueues a discussion comment under its discussion's number, with the handles to reply there", async () => {
    const { handle, jobs } = setup();
    const { context } = delivery("d-dc", "discussion_comment.created.mention");
    await handle(context);

    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      triggerId: "discussion-comment:550062",
      event: "discussion_comment",
      issueNumber: 4,
      payload: {
        issue: { id: 3299614, title: "TEST edit" },
        comment: { id: 550062 },
        discussion: {
          number: 4,
          nodeId: "MDEwOkRpc2N1c3Npb24zMjk5NjE0",
          comment: { nodeId: "MDE3OkRpc2N1c3Npb25Db21tZW50NTUwMDYy" },
        },
      },
    });
  });

  it("enqueues no edit of a discussion comment", async () => {
    const { handle, jobs } = setup();
    const { context, lines } = delivery(
      "d-de",
      "discussion_comment.edited.mention",
    );
    await handle(context);

    expect(jobs).toHaveLength(0);
    expect(lines.map((line) => line.meta)).toStrictEqual([
      { reason: "edited" },
    ]);
  });

  it("enqueues no edit of a review comment", async () => {
    const { handle, jobs } = setup();
    const { context, lines } = delivery(
      "d-e",
      "pull_request_review_comment.edited.mention",
    );
    await handle(context);

    expect(jobs).toHaveLength(0);
    expect(lines.map((line) => line.meta)).toStrictEqual([
      { reason: "edited" },
    ]);
  });
});
