import type { QuestionJob } from "../../../src/question/question-job.js";
import type { AcceptTriggerDeps } from "../../../src/run/accept-trigger.js";
import { CommentRefusedError } from "../../../src/conversation/comment-refused-error.js";
import { cancelTrigger, runTrigger } from "../../../src/run/run-trigger.js";
import { discussionTrigger } from "../../../src/webhooks/discussion-trigger.js";
import { createMemoryQuestionLimiter } from "../../helpers/memory-question-limiter.js";
import { triggerJob } from "../../helpers/trigger-job.js";
import {
  loadDiscussionWebhook,
  loadWebhook,
} from "../webhooks/webhook-fixture.js";

/** The worker's steps, in the order they happened; the repository's file is `file`. */
function setup(file: object | null) {
  const steps: string[] = [];
  const deps: AcceptTriggerDeps = {
    // The parsed `.github/askcode.yml`, as Probot's context.config resolves it.
    configSource: async () => ({ config: async () => file }),
    appSlug: async () => "askcode",
    missions: [],
    log: {
      info: (_meta, message) => steps.push(`log: ${message}`),
      warn: (_meta, message) => steps.push(`warn: ${message}`),
    },
  };
  return { deps, steps };
}

describe("runTrigger", () => {
  it("reacts 👀 first, then answers", async () => {
    const { deps, steps } = setup(null);
    await runTrigger(triggerJob(), {
      ...deps,
      acknowledge: async (job) => void steps.push(`👀 ${job.reactTo.kind}`),
      run: async (job: QuestionJob) =>
        void steps.push(
          `answer: ${job.task.kind === "question" ? job.task.question : ""}`,
        ),
    });
    expect(steps).toStrictEqual([
      "👀 comment",
      "answer: where does the retry logic decide to give up?",
    ]);
  });

  it.each([
    ["reaction", ["👀", "answer"]],
    ["none", ["answer"]],
  ])(
    "with `progress: %s` in askcode.yml, reacts %j",
    async (progress, expected) => {
      const { deps, steps } = setup({ progress });
      await runTrigger(triggerJob(), {
        ...deps,
        acknowledge: async () => void steps.push("👀"),
        run: async () => void steps.push("answer"),
      });
      expect(steps).toStrictEqual(expected);
    },
  );

  it("answers even when the reaction could not be added", async () => {
    const { deps, steps } = setup(null);
    await runTrigger(triggerJob(), {
      ...deps,
      acknowledge: async () => {
        throw Object.assign(new Error("Server Error"), { status: 502 });
      },
      run: async () => void steps.push("answer"),
    });
    expect(steps).toStrictEqual([
      "warn: askcode could not add its 👀 reaction",
      "answer",
    ]);
  });

  it("neither reacts nor answers when the config turns the delivery away", async () => {
    const { deps, steps } = setup({ enabled: false });
    await runTrigger(triggerJob(), {
      ...deps,
      acknowledge: async () => void steps.push("👀"),
      run: async () => void steps.push("answer"),
    });
    expect(steps).toStrictEqual([
      "log: askcode ignores this event: enabled is false in askcode.yml",
    ]);
  });
});

describe("runTrigger in a discussion", () => {
  const inDiscussion = () =>
    triggerJob({
      triggerId: "discussion-comment:550062",
      event: "discussion_comment",
      issueNumber: 4,
      payload: discussionTrigger(
        loadDiscussionWebhook("discussion_comment.created.mention"),
      ),
    });

  it("reacts on the discussion comment and answers there", async () => {
    const { deps, steps } = setup(null);
    await runTrigger(inDiscussion(), {
      ...deps,
      acknowledge: async (job) =>
        void steps.push(
          `👀 ${job.reactTo.kind} ${"commentId" in job.reactTo ? job.reactTo.commentId : ""}`,
        ),
      run: async (job) =>
        void steps.push(
          `answer in ${job.reactTo.kind === "discussion-comment" ? job.reactTo.discussion.nodeId : "?"}`,
        ),
    });
    expect(steps).toStrictEqual([
      "👀 discussion-comment 550062",
      "answer in MDEwOkRpc2N1c3Npb24zMjk5NjE0",
    ]);
  });

  it("ends the job, logged with GitHub's reason and counted, when GitHub refuses its comment there", async () => {
    const { deps, steps } = setup(null);
    const ignored: string[] = [];
    const meta: object[] = [];
    await expect(
      runTrigger(inDiscussion(), {
        ...deps,
        log: {
          ...deps.log,
          warn: (fields, message) => {
            meta.push(fields);
            steps.push(`warn: ${message}`);
          },
        },
        metrics: { ignored: (reason) => void ignored.push(reason) },
        acknowledge: async () => {},
        run: async () => {
          // What the GraphQL comments client throws for GitHub's HTTP-200 refusal.
          throw new CommentRefusedError([
            {
              type: "FORBIDDEN",
              path: ["addDiscussionComment"],
              message: "Resource not accessible by integration",
            },
          ]);
        },
      }),
    ).resolves.toBeUndefined();
    expect(steps).toStrictEqual([
      "warn: askcode could not reply where it was asked: GitHub refused askcode's comment: FORBIDDEN: Resource not accessible by integration",
    ]);
    expect(meta[0]).toMatchObject({
      reason: "FORBIDDEN",
      deliveryId: "d-1",
    });
    expect(ignored).toStrictEqual(["comment-refused"]);
  });

  it("still hands the queue any other failure", async () => {
    const { deps } = setup(null);
    await expect(
      runTrigger(inDiscussion(), {
        ...deps,
        acknowledge: async () => {},
        run: async () => {
          throw Object.assign(new Error("Server Error"), { status: 502 });
        },
      }),
    ).rejects.toMatchObject({ status: 502 });
  });
});

describe("cancelTrigger", () => {
  it("replies interrupted to a question, and to nothing the config turns away", async () => {
    const question = setup(null);
    await cancelTrigger(triggerJob(), {
      ...question.deps,
      reply: async (job) =>
        void question.steps.push(`interrupted ${job.triggerId}`),
    });
    expect(question.steps).toStrictEqual(["interrupted comment:492700400"]);

    const disabled = setup({ enabled: false });
    await cancelTrigger(triggerJob(), {
      ...disabled.deps,
      reply: async () => void disabled.steps.push("interrupted"),
    });
    expect(disabled.steps).toStrictEqual([
      "log: askcode ignores this event: enabled is false in askcode.yml",
    ]);
  });
});

describe("runTrigger on a question nobody asked", () => {
  // The example's new issue, mentioning no one, in a repository that answers every new issue.
  const newIssue = () =>
    triggerJob({
      triggerId: "issue:444500041:opened",
      event: "issues",
      payload: loadWebhook("issues.opened"),
    });
  const ISSUES_ALL = { unasked: { issues: "all" } };

  it("passes the gate before anything is visible, then reacts and answers with the gate's score", async () => {
    const { deps, steps } = setup(ISSUES_ALL);
    await runTrigger(newIssue(), {
      ...deps,
      gate: async (job) => {
        steps.push("gate");
        return { ...job, unasked: { confidence: 0.9 } };
      },
      acknowledge: async () => void steps.push("👀"),
      run: async (job) => void steps.push(`answer ${job.unasked?.confidence}`),
    });
    expect(steps).toStrictEqual(["gate", "👀", "answer 0.9"]);
  });

  it("shows nothing and answers nothing when the gate stays silent, or when there is no gate", async () => {
    const { deps, steps } = setup(ISSUES_ALL);
    const visible = {
      acknowledge: async () => void steps.push("👀"),
      run: async () => void steps.push("answer"),
    };
    await runTrigger(newIssue(), {
      ...deps,
      ...visible,
      gate: async () => void steps.push("gate"),
    });
    await runTrigger(newIssue(), { ...deps, ...visible });
    expect(steps).toStrictEqual(["gate"]);
  });

  it("over a limit stays silent: no notice for a question nobody asked", async () => {
    const { deps, steps } = setup({
      ...ISSUES_ALL,
      limits: { questions_per_repository_per_hour: 1 },
    });
    // The repository's one question of the hour was asked already.
    const limiter = createMemoryQuestionLimiter({ clock: { now: () => 0 } });
    await limiter.admit("comment:1", [
      { scope: "repository", name: "octo-org/hello-world", limit: 1 },
    ]);
    const limits = {
      limiter,
      ceilings: { perUser: 20, perRepository: 100 },
      clock: { now: () => 0 },
      comment: async () => void steps.push("limit notice"),
    };
    await runTrigger(newIssue(), {
      ...deps,
      limits,
      gate: async (job) => ({ ...job, unasked: { confidence: 0.9 } }),
      acknowledge: async () => void steps.push("👀"),
      run: async () => void steps.push("answer"),
    });
    expect(steps).toStrictEqual([
      "log: askcode does not answer: the repository's questions of this hour are used",
    ]);
  });

  it("carries out a `/dismiss` with no 👀, no limit and no run", async () => {
    const { deps, steps } = setup(null);
    const payload = loadWebhook("issue_comment.created.mention");
    payload.comment!.body = "@askcode /dismiss"; // changed
    await runTrigger(triggerJob({ payload }), {
      ...deps,
      dismiss: async (job) =>
        void steps.push(`dismiss ${JSON.stringify(job.task)}`),
      acknowledge: async () => void steps.push("👀"),
      run: async () => void steps.push("answer"),
    });
    expect(steps).toStrictEqual(['dismiss {"kind":"dismiss","allowed":true}']);
  });
});
