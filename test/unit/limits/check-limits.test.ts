import { fileURLToPath } from "node:url";
import { Octokit } from "@octokit/rest";
import nock from "nock";
import type { QuestionJob } from "../../../src/question/question-job.js";
import { loadMissions } from "../../../src/missions/load-missions.js";
import type { Mission } from "../../../src/missions/mission-schema.js";
import { createMemoryQuestionLimiter } from "../../helpers/memory-question-limiter.js";
import type { QuestionLimiter } from "../../../src/storage/question-limiter/question-limiter.js";
import { createIssueComments } from "../../../src/conversation/issue-comments.js";
import {
  runTrigger,
  type RunTriggerDeps,
} from "../../../src/run/run-trigger.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { restIssueThread } from "../../helpers/rest-issue-thread.js";
import { triggerJob } from "../../helpers/trigger-job.js";
import { loadWebhook } from "../webhooks/webhook-fixture.js";

const API = "https://api.github.com";
const SILENT = { debug() {}, info() {}, warn() {}, error() {} };
// 14:37 UTC: the hour's window ends 23 minutes later.
const START = Date.parse("2026-11-22T14:37:00Z");
// A comment as GitHub's REST API returns it when one is created.
const CREATED = restIssueThread({}, [
  { login: "askcode[bot]", association: "NONE", body: "" },
]).comments[0]!;

/**
 * The worker's steps for deliveries on octo-org/hello-world#1, whose
 * `.github/askcode.yml` is `file`; comments go to nock-served GitHub.
 */
function setup(
  file: object | null,
  limiter?: QuestionLimiter,
  missions: readonly Mission[] = [],
) {
  const clock = createFakeClock(START);
  const steps: string[] = [];
  const posted: string[] = [];
  const octokit = new Octokit({
    auth: "ghs_testinstallationtoken",
    log: SILENT,
  });
  const deps: RunTriggerDeps = {
    configSource: async () => ({ config: async () => file }),
    appSlug: async () => "askcode",
    missions,
    log: {
      info: () => {},
      warn: (_meta, message) => steps.push(`warn: ${message}`),
    },
    acknowledge: async () => void steps.push("👀"),
    run: async (job: QuestionJob) =>
      void steps.push(
        `answer ${job.triggerId}${job.configProblems.length ? " with a config note" : ""}`,
      ),
    limits: {
      limiter: limiter ?? createMemoryQuestionLimiter({ clock }),
      ceilings: { perUser: 20, perRepository: 100 },
      clock,
      comment: (job, body) => createIssueComments(octokit, job).create(body),
    },
  };
  const commentsPosted = () =>
    nock(API)
      .post("/repos/octo-org/hello-world/issues/1/comments")
      .reply(201, (_uri, body) => {
        posted.push((body as { body: string }).body);
        return { ...CREATED, body: (body as { body: string }).body };
      });
  /** A question in a new comment by `login`, with GitHub's `author_association`. */
  const ask = (id: number, login: string, association: string) => {
    const payload = loadWebhook("issue_comment.created.mention");
    payload.sender.login = login;
    payload.comment = {
      ...payload.comment!,
      id,
      author_association: association,
    };
    return runTrigger(
      triggerJob({
        deliveryId: `d-${id}`,
        triggerId: `comment:${id}`,
        payload,
      }),
      deps,
    );
  };
  /**
   * The `askcode: triage` label on issue `id`, applied by `login`: the
   * issue's author (an issue template's label, as the sender) unless `by`
   * names someone else.
   */
  const label = (id: number, association: string, by?: string) => {
    const payload = loadWebhook("issues.labeled.triage");
    payload.issue.id = id; // changed: another issue
    payload.issue.author_association = association; // changed
    if (by) payload.sender.login = by; // changed: not the author
    return runTrigger(
      triggerJob({
        deliveryId: `d-label-${id}`,
        event: "issues",
        triggerId: `issue:${id}:mission:bug_triage:2019-05-15T15:20:18Z`,
        payload,
      }),
      deps,
    );
  };
  return { clock, steps, posted, commentsPosted, ask, label };
}

describe("runTrigger with question limits", () => {
  it("tells a person over the limit once when to ask again, then stays silent until the hour ends", async () => {
    const { clock, steps, posted, commentsPosted, ask } = setup({
      limits: { questions_per_user_per_hour: 2 },
    });
    const github = commentsPosted();

    await ask(1, "outsider", "NONE");
    await ask(2, "outsider", "NONE");
    await ask(3, "outsider", "NONE");
    expect(github.isDone()).toBe(true);
    // Nothing more is served: a second notice would fail the request and log a warning.
    await ask(4, "outsider", "NONE");
    clock.advance(22 * 60_000);
    await ask(5, "outsider", "NONE");

    expect(posted).toStrictEqual([
      [
        "⏳ askcode answers at most 2 questions an hour from one person, and `outsider` has asked that many this hour. Ask again after 15:00 UTC (in 23 minutes).",
        "",
        "<sub>Questions asked before then get no answer and no further notice.</sub>",
      ].join("\n"),
    ]);
    expect(steps).toStrictEqual([
      "👀",
      "answer comment:1",
      "👀",
      "answer comment:2",
    ]);

    clock.advance(60_000);
    await ask(6, "outsider", "NONE");
    expect(steps.slice(4)).toStrictEqual(["👀", "answer comment:6"]);
  });

  it("does not limit owners, members and collaborators per person, but counts them for the repository", async () => {
    const { steps, posted, commentsPosted, ask } = setup({
      limits: {
        questions_per_user_per_hour: 1,
        questions_per_repository_per_hour: 3,
      },
    });
    const github = commentsPosted();

    await ask(1, "Codertocat", "OWNER");
    await ask(2, "Codertocat", "OWNER");
    await ask(3, "hubot", "COLLABORATOR");
    await ask(4, "outsider", "NONE");

    expect(steps.filter((step) => step.startsWith("answer"))).toStrictEqual([
      "answer comment:1",
      "answer comment:2",
      "answer comment:3",
    ]);
    expect(github.isDone()).toBe(true);
    expect(posted[0]).toMatch(
      /^⏳ askcode answers at most 3 questions an hour in this repository, and this hour's are used\./,
    );
  });

  it("counts a mission an outsider's issue template started as their question; a member's label is not counted", async () => {
    const missions = await loadMissions(
      fileURLToPath(new URL("../../../missions/", import.meta.url)),
    );
    const { steps, posted, commentsPosted, label } = setup(
      { limits: { questions_per_user_per_hour: 1 } },
      undefined,
      missions,
    );
    const github = commentsPosted();

    await label(1, "NONE");
    await label(2, "NONE");
    await label(3, "NONE", "maintainer");
    await label(4, "NONE", "maintainer");

    expect(steps.filter((step) => step.startsWith("answer"))).toStrictEqual(
      [1, 3, 4].map(
        (id) => `answer issue:${id}:mission:bug_triage:2019-05-15T15:20:18Z`,
      ),
    );
    expect(github.isDone()).toBe(true);
    expect(posted[0]).toMatch(
      /^⏳ askcode answers at most 1 question an hour from one person, and `codertocat` has asked that many this hour\./,
    );
  });

  it("answers with a config note when the repository asks for more than the operator allows", async () => {
    const { steps, ask } = setup({
      limits: { questions_per_repository_per_hour: 500 },
    });

    await ask(1, "outsider", "NONE");

    expect(steps).toStrictEqual(["👀", "answer comment:1 with a config note"]);
  });

  it("answers when the limiter cannot count, saying so in the log", async () => {
    const { steps, ask } = setup(null, {
      admit: async () => {
        throw new Error("Connection is closed.");
      },
    });

    await ask(1, "outsider", "NONE");

    expect(steps).toStrictEqual([
      "warn: askcode could not count the question against its limits; answering it",
      "👀",
      "answer comment:1",
    ]);
  });
});
