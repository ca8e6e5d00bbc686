import { jest } from "@jest/globals";
import { Octokit } from "@octokit/rest";
import nock from "nock";
import { createInFlightRuns } from "../../../src/conversation/in-flight-runs.js";
import { createIssueComments } from "../../../src/conversation/issue-comments.js";
import { createDeadline } from "../../../src/shared/deadline.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { createManualClock } from "../../helpers/manual-clock.js";
import { githubFixture, restHeaders } from "../../helpers/nock-github.js";
import {
  restIssueThread,
  THREAD_ISSUE,
  THREAD_OWNER,
  THREAD_REPO,
} from "../../helpers/rest-issue-thread.js";

const API = "https://api.github.com";
const REPO = `/repos/${THREAD_OWNER}/${THREAD_REPO}`;
const PROGRESS = "⏳ Searching the code…";
const ANSWER = "The retry logic gives up in `should_give_up`.";
const NOTICE = "askcode was stopped before it could answer.";
const SILENT = { debug() {}, info() {}, warn() {}, error() {} };
const SERVER_ERROR = githubFixture<object>("errors/server-error-502.json");

// A comment as GitHub's REST API returns it (the webhook example's comment object).
const { comments: restComments } = restIssueThread({}, [
  { login: "askcode[bot]", association: "NONE", body: PROGRESS },
  { login: "askcode[bot]", association: "NONE", body: ANSWER },
]);
const PROGRESS_COMMENT = restComments[0]!;
const REPLY_COMMENT = restComments[1]!;

/**
 * Issue comments on nock-served GitHub through a plain Octokit (no retry or
 * throttling plugin, as the Probot harness runs it): the retries tested are askcode's.
 */
function setup() {
  const clock = createFakeClock();
  const log = { warn: jest.fn(), error: jest.fn() };
  const comments = createIssueComments(
    new Octokit({ auth: "ghs_testinstallationtoken", log: SILENT }),
    { owner: THREAD_OWNER, repo: THREAD_REPO, issueNumber: THREAD_ISSUE },
  );
  const inFlight = createInFlightRuns(log, { clock });
  const posted: string[] = [];
  const api = nock(API)
    .post(`${REPO}/issues/${THREAD_ISSUE}/comments`)
    .reply(201, (_uri, body) => {
      posted.push((body as { body: string }).body);
      return { ...PROGRESS_COMMENT, body: (body as { body: string }).body };
    });
  return { clock, log, comments, inFlight, posted, api };
}

const edited = (id: number, edits: string[], status = 200) =>
  nock(API)
    .patch(`${REPO}/issues/comments/${id}`)
    .reply(
      status,
      (_uri, body) => {
        const text = (body as { body: string }).body;
        if (status === 200) edits.push(text);
        return status === 200
          ? { ...PROGRESS_COMMENT, body: text }
          : SERVER_ERROR;
      },
      restHeaders(),
    );

/** GitHub takes the reply as a new comment. */
const postsReply = (posted: string[]) =>
  nock(API)
    .post(`${REPO}/issues/${THREAD_ISSUE}/comments`)
    .reply(201, (_uri, body) => {
      posted.push((body as { body: string }).body);
      return REPLY_COMMENT;
    });

describe("RunComment.deliver", () => {
  it("retries an edit GitHub answered 500, through the clock, and edits the one comment with the answer", async () => {
    const { clock, comments, inFlight, posted, api } = setup();
    const edits: string[] = [];
    const failing = edited(PROGRESS_COMMENT.id, [], 500);
    const landing = edited(PROGRESS_COMMENT.id, edits);
    const comment = inFlight.start(comments, NOTICE);
    await comment.post(PROGRESS);
    await comment.deliver(ANSWER);
    comment.finish();

    expect(posted).toStrictEqual([PROGRESS]);
    expect(edits).toStrictEqual([ANSWER]);
    expect(clock.sleeps).toStrictEqual([1_000]);
    expect([api, failing, landing].every((s) => s.isDone())).toBe(true);
  });

  it("posts the answer as a new comment when every edit fails, and points the old comment at it", async () => {
    const { clock, log, comments, inFlight, posted, api } = setup();
    const progressEdits: string[] = [];
    const failing = nock(API)
      .patch(`${REPO}/issues/comments/${PROGRESS_COMMENT.id}`)
      .times(4)
      .reply(500, SERVER_ERROR, restHeaders());
    const reply = postsReply(posted);
    const pointer = edited(PROGRESS_COMMENT.id, progressEdits);
    const comment = inFlight.start(comments, NOTICE);
    await comment.post(PROGRESS);
    await comment.deliver(ANSWER);
    comment.finish();

    expect(posted).toStrictEqual([PROGRESS, ANSWER]);
    expect(progressEdits).toHaveLength(1);
    expect(progressEdits[0]).toContain(
      `[a newer comment](#issuecomment-${REPLY_COMMENT.id})`,
    );
    expect(progressEdits[0]).not.toContain("Searching");
    expect(clock.sleeps).toStrictEqual([1_000, 2_000, 4_000]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ commentId: PROGRESS_COMMENT.id }),
      expect.stringMatching(/posting the reply as a new comment/),
    );
    expect([api, failing, reply, pointer].every((s) => s.isDone())).toBe(true);
  });

  it('deletes the old comment when pointing it at the new reply fails too, so nothing reads "Searching" beside the reply', async () => {
    const { log, comments, inFlight, posted } = setup();
    const refused = nock(API)
      .patch(`${REPO}/issues/comments/${PROGRESS_COMMENT.id}`)
      .times(5)
      .reply(500, SERVER_ERROR, restHeaders());
    const reply = postsReply(posted);
    const deleted = nock(API)
      .delete(`${REPO}/issues/comments/${PROGRESS_COMMENT.id}`)
      .reply(204);
    const comment = inFlight.start(comments, NOTICE);
    await comment.post(PROGRESS);
    await comment.deliver(ANSWER);

    expect(posted).toStrictEqual([PROGRESS, ANSWER]);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ replyId: REPLY_COMMENT.id }),
      expect.stringMatching(/could not point its old comment .*deleting it/),
    );
    expect([refused, reply, deleted].every((s) => s.isDone())).toBe(true);
  });

  it("retries the edit only while the run's wall time has room for the wait, then posts the reply within it", async () => {
    const { clock, comments, inFlight, posted, api } = setup();
    const started = clock.now();
    // 2.5 s of the run's wall time left when the reply is ready.
    const deadline = createDeadline(clock, 2_500);
    const failing = nock(API)
      .patch(`${REPO}/issues/comments/${PROGRESS_COMMENT.id}`)
      .times(2)
      .reply(500, SERVER_ERROR, restHeaders());
    const reply = postsReply(posted);
    const pointer = edited(PROGRESS_COMMENT.id, []);
    const comment = inFlight.start(comments, NOTICE);
    await comment.post(PROGRESS);
    await comment.deliver(ANSWER, deadline);

    expect(clock.sleeps).toStrictEqual([1_000]);
    expect(clock.now() - started).toBeLessThanOrEqual(2_500);
    expect(posted).toStrictEqual([PROGRESS, ANSWER]);
    expect([api, failing, reply, pointer].every((s) => s.isDone())).toBe(true);
  });

  it("goes straight to a new comment when the old one is gone (404): a wait cannot bring it back", async () => {
    const { clock, comments, inFlight, posted } = setup();
    nock(API)
      .patch(`${REPO}/issues/comments/${PROGRESS_COMMENT.id}`)
      .times(2)
      .reply(
        404,
        {
          message: "Not Found",
          documentation_url:
            "https://docs.github.com/rest/issues/comments#update-an-issue-comment",
          status: "404",
        },
        restHeaders(),
      );
    postsReply(posted);
    const comment = inFlight.start(comments, NOTICE);
    await comment.post(PROGRESS);
    await comment.deliver(ANSWER);

    expect(posted).toStrictEqual([PROGRESS, ANSWER]);
    expect(clock.sleeps).toStrictEqual([]);
  });

  it("rejects, so the job fails, when neither the edit nor a new comment lands", async () => {
    const { comments, inFlight, posted } = setup();
    nock(API)
      .patch(`${REPO}/issues/comments/${PROGRESS_COMMENT.id}`)
      .times(4)
      .reply(500, SERVER_ERROR, restHeaders());
    nock(API)
      .post(`${REPO}/issues/${THREAD_ISSUE}/comments`)
      .reply(502, SERVER_ERROR, restHeaders());
    const comment = inFlight.start(comments, NOTICE);
    await comment.post(PROGRESS);

    await expect(comment.deliver(ANSWER)).rejects.toMatchObject({
      status: 502,
    });
    expect(posted).toStrictEqual([PROGRESS]);
  });

  it("stops retrying once a shutdown interrupted the run: the notice lands and the answer is dropped", async () => {
    const clock = createManualClock();
    const log = { warn: jest.fn(), error: jest.fn() };
    const bodies: string[] = [];
    let failures = 1;
    const inFlight = createInFlightRuns(log, { clock });
    const comment = inFlight.start(
      {
        create: async () => 1,
        update: async (_id, body) => {
          if (failures-- > 0)
            throw Object.assign(new Error("Server Error"), { status: 500 });
          bodies.push(body);
        },
      },
      NOTICE,
    );
    await comment.post(PROGRESS);
    const delivering = comment.deliver(ANSWER);
    await new Promise((resolve) => setImmediate(resolve));
    expect(clock.sleeping).toBe(1); // waiting to retry
    const interrupting = inFlight.interruptAll();
    clock.advance(1_000);
    await delivering;
    await interrupting;

    expect(bodies).toStrictEqual([NOTICE]);
  });

  it("never replaces a reply that landed with the interrupted notice", async () => {
    const bodies: string[] = [];
    const inFlight = createInFlightRuns(
      { warn: jest.fn(), error: jest.fn() },
      { clock: createFakeClock() },
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const comment = inFlight.start(
      {
        create: async () => 1,
        update: async (_id, body) => {
          sent();
          await held;
          bodies.push(body);
        },
      },
      NOTICE,
    );
    await comment.post(PROGRESS);
    let sent!: () => void;
    const sending = new Promise<void>((resolve) => (sent = resolve));
    const delivering = comment.deliver(ANSWER);
    await sending;
    // The shutdown's grace ends while the answer's edit is on its way.
    const interrupting = inFlight.interruptAll();
    release();
    await Promise.all([delivering, interrupting]);

    expect(bodies).toStrictEqual([ANSWER]);
  });
});

describe("InFlightRuns.interruptAll", () => {
  it("interrupts a run that starts after it: its comment is the notice, and no progress edit follows", async () => {
    const writes: string[] = [];
    const inFlight = createInFlightRuns(
      { warn: jest.fn(), error: jest.fn() },
      { clock: createFakeClock() },
    );
    const writer = {
      create: async (body: string) => {
        writes.push(`create ${body}`);
        return 1;
      },
      update: async (_id: number, body: string) =>
        void writes.push(`update ${body}`),
    };
    // One run was open when the grace period ended; another job was still
    // being acknowledged and reaches its run only afterwards.
    const open = inFlight.start(writer, NOTICE);
    await open.post(PROGRESS);
    await inFlight.interruptAll();
    const late = inFlight.start(writer, NOTICE);
    await late.post(PROGRESS);
    await late.edit("⏳ Read 120 files…");
    await late.deliver(ANSWER);
    late.finish();

    expect(writes).toStrictEqual([
      `create ${PROGRESS}`,
      `update ${NOTICE}`,
      `create ${NOTICE}`,
    ]);
  });
});

describe("RunComment.hold (no progress comment)", () => {
  function recording() {
    const writes: string[] = [];
    const remembered: number[] = [];
    const writer = {
      create: async (body: string) => (writes.push(`create ${body}`), 9),
      update: async (id: number, body: string) =>
        void writes.push(`update ${id} ${body}`),
    };
    const inFlight = createInFlightRuns(
      { warn: jest.fn(), error: jest.fn() },
      { clock: createFakeClock() },
    );
    const resume = (commentId?: number) => ({
      commentId,
      remember: async (id: number) => void remembered.push(id),
    });
    return { writes, remembered, writer, inFlight, resume };
  }

  it("posts nothing until the reply, which is the first comment, handed to the job", async () => {
    const { writes, remembered, writer, inFlight, resume } = recording();
    const comment = inFlight.start(writer, NOTICE, resume());
    await comment.hold();
    await comment.edit("⏳ Read 120 files…");
    expect(writes).toStrictEqual([]);

    await comment.deliver(ANSWER);
    comment.finish();

    expect(writes).toStrictEqual([`create ${ANSWER}`]);
    expect(remembered).toStrictEqual([9]);
  });

  it("posts the interrupted notice when a shutdown cuts the run short, and no reply after it", async () => {
    const { writes, remembered, writer, inFlight, resume } = recording();
    const comment = inFlight.start(writer, NOTICE, resume());
    await comment.hold();
    await inFlight.interruptAll();
    await comment.deliver(ANSWER);

    expect(writes).toStrictEqual([`create ${NOTICE}`]);
    expect(remembered).toStrictEqual([9]);
  });

  it("posts the notice at once for a run that starts after the shutdown began", async () => {
    const { writes, writer, inFlight, resume } = recording();
    await inFlight.interruptAll();
    const late = inFlight.start(writer, NOTICE, resume());
    await late.hold();
    await late.deliver(ANSWER);

    expect(writes).toStrictEqual([`create ${NOTICE}`]);
  });

  it("on a resumed job, interrupts and replies in the earlier attempt's comment", async () => {
    const { writes, writer, inFlight, resume } = recording();
    const first = inFlight.start(writer, NOTICE, resume(5));
    await first.hold();
    await first.deliver(ANSWER);
    const second = inFlight.start(writer, NOTICE, resume(5));
    await second.hold();
    await inFlight.interruptAll();

    expect(writes).toStrictEqual([`update 5 ${ANSWER}`, `update 5 ${NOTICE}`]);
  });
});

describe("RunComment.post on a resumed job", () => {
  it("posts the first attempt's comment and hands its id to the job", async () => {
    const { comments, inFlight, posted, api } = setup();
    const remembered: number[] = [];

    const comment = inFlight.start(comments, NOTICE, {
      remember: async (id) => void remembered.push(id),
    });
    await comment.post(PROGRESS);

    expect(posted).toStrictEqual([PROGRESS]);
    expect(remembered).toStrictEqual([PROGRESS_COMMENT.id]);
    api.done();
  });

  it("edits the comment an earlier attempt posted instead of posting a second, then delivers into it", async () => {
    const { comments, inFlight } = setup();
    nock.cleanAll(); // no POST is expected: nock fails the test on one
    const edits: string[] = [];
    const api = edited(PROGRESS_COMMENT.id, edits);
    edited(PROGRESS_COMMENT.id, edits);
    const remember = jest.fn(async () => undefined);

    const comment = inFlight.start(comments, NOTICE, {
      commentId: PROGRESS_COMMENT.id,
      remember,
    });
    await comment.post(PROGRESS);
    await comment.deliver(ANSWER);

    expect(edits).toStrictEqual([PROGRESS, ANSWER]);
    expect(remember).not.toHaveBeenCalled();
    api.done();
  });

  it("posts a new comment, and remembers it, when the earlier one was deleted (GitHub answers 404)", async () => {
    const { comments, inFlight, posted, log } = setup();
    nock(API)
      .patch(`${REPO}/issues/comments/${REPLY_COMMENT.id}`)
      .reply(
        404,
        githubFixture<object>("errors/not-found-contents.json"),
        restHeaders(),
      );
    const remembered: number[] = [];

    const comment = inFlight.start(comments, NOTICE, {
      commentId: REPLY_COMMENT.id,
      remember: async (id) => void remembered.push(id),
    });
    await comment.post(PROGRESS);

    expect(posted).toStrictEqual([PROGRESS]);
    expect(remembered).toStrictEqual([PROGRESS_COMMENT.id]);
    expect(log.warn).toHaveBeenCalledWith(
      { commentId: REPLY_COMMENT.id },
      expect.stringMatching(/earlier attempt is gone/),
    );
  });

  it("fails the post when the earlier comment cannot be edited for another reason, so the queue retries", async () => {
    const { comments, inFlight, posted } = setup();
    edited(PROGRESS_COMMENT.id, [], 502);

    const comment = inFlight.start(comments, NOTICE, {
      commentId: PROGRESS_COMMENT.id,
    });

    await expect(comment.post(PROGRESS)).rejects.toMatchObject({
      status: 502,
    });
    expect(posted).toStrictEqual([]);
  });
});
