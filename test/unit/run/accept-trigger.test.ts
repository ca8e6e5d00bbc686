import { fileURLToPath } from "node:url";
import nock from "nock";
import { ProbotOctokit } from "probot";
import { installationConfigSource } from "../../../src/config/installation-config-source.js";
import { renderConfigProblems } from "../../../src/config/render-config-problems.js";
import type { TriggerJob } from "../../../src/question/trigger-job.js";
import { loadMissions } from "../../../src/missions/load-missions.js";
import type { Mission } from "../../../src/missions/mission-schema.js";
import {
  acceptTrigger,
  type AcceptTriggerDeps,
} from "../../../src/run/accept-trigger.js";
import { triggerJob } from "../../helpers/trigger-job.js";
import { loadWebhook } from "../webhooks/webhook-fixture.js";

// The real path: Probot's context.config → @probot/octokit-plugin-config →
// the contents API, served by nock as GitHub answers.
const REPO_FILE = "/repos/octo-org/hello-world/contents/.github%2Faskcode.yml";
const ORG_FILE = "/repos/octo-org/.github/contents/.github%2Faskcode.yml";
const NOT_FOUND = {
  message: "Not Found",
  documentation_url:
    "https://docs.github.com/rest/repos/contents#get-repository-content",
  status: "404",
};
const SERVER_ERROR = { message: "Server Error" };

let missions: Mission[];
beforeAll(async () => {
  missions = await loadMissions(
    fileURLToPath(new URL("../../../missions/", import.meta.url)),
  );
});

function setup() {
  const lines: Array<{ level: string; meta: object; message: string }> = [];
  const ignored: string[] = [];
  const octokit = new ProbotOctokit({
    auth: { token: "ghs_test" },
    throttle: { enabled: false },
    // Octokit's own retries, as in production (1, 4, 9 ms apart here): the
    // only layer of retries a config read has.
    retry: { retryAfterBaseValue: 1 },
  });
  const deps: AcceptTriggerDeps = {
    configSource: async (job) => installationConfigSource(octokit, job, {}),
    appSlug: async () => "askcode",
    missions,
    log: {
      info: (meta, message) => lines.push({ level: "info", meta, message }),
      warn: (meta, message) => lines.push({ level: "warn", meta, message }),
    },
    metrics: { ignored: (reason) => ignored.push(reason) },
  };
  return { deps, lines, ignored };
}

function comment(body: string): TriggerJob {
  const payload = loadWebhook("issue_comment.created");
  payload.comment!.body = body;
  return triggerJob({ triggerId: "comment:492700400", payload });
}

describe("acceptTrigger", () => {
  it("reads the config and turns the delivery into a question with it", async () => {
    nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(200, "handle: helper\nmax_steps: 3\n");
    const { deps, lines } = setup();
    const question = await acceptTrigger(
      comment("@helper where is retry decided?"),
      deps,
    );
    expect(question).toMatchObject({
      deliveryId: "d-1",
      triggerId: "comment:492700400",
      requestedBy: "Codertocat",
      task: { kind: "question", question: "where is retry decided?" },
      reactTo: { kind: "comment", commentId: 492700400 },
      config: { handle: "helper", max_steps: 3 },
      configProblems: [],
    });
    expect(lines).toStrictEqual([]);
  });

  it("reads the config again through Octokit's retries while GitHub fails, and goes on when it answers", async () => {
    const scope = nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(502, SERVER_ERROR)
      .get(REPO_FILE)
      .reply(503, SERVER_ERROR)
      .get(REPO_FILE)
      .reply(404, NOT_FOUND)
      .get(ORG_FILE)
      .reply(200, "max_steps: 4\n");
    const { deps } = setup();
    const question = await acceptTrigger(comment("@askcode why?"), deps);
    expect(question?.config.max_steps).toBe(4);
    expect(question?.configProblems).toStrictEqual([]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("answers with the defaults and a note when the config stays unreadable, never dropping the question", async () => {
    nock("https://api.github.com")
      .get(REPO_FILE)
      .times(4)
      .reply(502, SERVER_ERROR);
    const { deps, lines } = setup();
    const question = await acceptTrigger(comment("@askcode why?"), deps);
    expect(question?.task).toStrictEqual({
      kind: "question",
      question: "why?",
    });
    expect(question?.config.allowed_associations).toContain("NONE");
    expect(renderConfigProblems(question!.configProblems)).toBe(
      [
        "**`.github/askcode.yml` has a problem.** askcode used its default settings.",
        "",
        "- The file could not be read (GitHub answered 502, also when asked again). Used the defaults for every key.",
        "",
        "<sub>Settings can also come from the organisation's `.github` repository or a file named in `_extends`.</sub>",
      ].join("\n"),
    );
    expect(lines.map(({ level, message }) => [level, message])).toStrictEqual([
      [
        "warn",
        "askcode could not read .github/askcode.yml; answering with the defaults",
      ],
    ]);
  });

  it("does not retry what will not pass: a 403 gives the defaults at once", async () => {
    nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(403, { message: "Resource not accessible by integration" });
    const { deps } = setup();
    const question = await acceptTrigger(comment("@askcode why?"), deps);
    expect(question?.configProblems[0]?.message).toBe(
      "could not be read (GitHub answered 403)",
    );
  });

  it.each([
    ["enabled: false", "@askcode why?", "disabled"],
    ["trigger: members", "@askcode why?", "association-not-allowed"],
    ["handle: helper", "@askcode why?", "no-mention"],
    ["{}", "@alice could you look at this?", "no-mention"],
    ["{}", "thanks @askcode!", "not-a-question"],
  ])(
    "drops quietly what the config turns away (%s, %j): one log line, no question",
    async (file, body, reason) => {
      nock("https://api.github.com").get(REPO_FILE).reply(200, file);
      const { deps, lines, ignored } = setup();
      const job = comment(body);
      job.payload.comment!.author_association = "NONE";
      expect(await acceptTrigger(job, deps)).toBeUndefined();
      expect(ignored).toStrictEqual([reason]);
      expect(lines).toStrictEqual([
        {
          level: "info",
          meta: { reason, deliveryId: "d-1" },
          message: expect.stringMatching(/^askcode ignores this event: ./),
        },
      ]);
    },
  );

  it("runs a mission label with the repository's missions setting, reacting on the issue", async () => {
    nock("https://api.github.com")
      .get(REPO_FILE)
      .reply(200, "missions:\n  enabled: [bug_triage]\n");
    const { deps } = setup();
    const job = triggerJob({
      event: "issues",
      triggerId: "issue:444500041:mission:bug_triage:2019-05-15T15:20:18Z",
      payload: loadWebhook("issues.labeled.triage"),
    });
    expect(await acceptTrigger(job, deps)).toMatchObject({
      task: {
        kind: "mission",
        mission: "bug_triage",
        label: "askcode: triage",
      },
      reactTo: { kind: "issue" },
    });
  });
});
