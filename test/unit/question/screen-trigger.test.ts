import { fileURLToPath } from "node:url";
import { loadMissions } from "../../../src/missions/load-missions.js";
import type { Mission } from "../../../src/missions/mission-schema.js";
import { screenTrigger } from "../../../src/question/screen-trigger.js";
import type { TriggerPayload } from "../../../src/question/trigger-types.js";
import {
  loadWebhook,
  type WebhookFixture,
} from "../webhooks/webhook-fixture.js";

let missions: Mission[];
beforeAll(async () => {
  missions = await loadMissions(
    fileURLToPath(new URL("../../../missions/", import.meta.url)),
  );
});

const ISSUE_ID = 444500041; // the issue of every fixture

function screen(name: WebhookFixture, change?: (p: TriggerPayload) => void) {
  const payload = loadWebhook(name);
  change?.(payload);
  return screenTrigger({
    event: name.startsWith("issue_comment") ? "issue_comment" : "issues",
    payload,
    missions,
  });
}

describe("screenTrigger: what the payload alone decides", () => {
  it("lets through a comment that mentions anyone, whatever the handle turns out to be", () => {
    for (const body of [
      "@askcode where?",
      "@helper where?", // a repository's own handle
      "cc @alice", // someone else: the config tells
    ])
      expect(
        screen("issue_comment.created", (p) => (p.comment!.body = body)),
      ).toStrictEqual({
        kind: "candidate",
        source: "comment",
        triggerId: "comment:492700400",
      });
  });

  it("lets through a new issue whose title or body mentions someone", () => {
    expect(screen("issues.opened.mention")).toStrictEqual({
      kind: "candidate",
      source: "issue",
      triggerId: `issue:${ISSUE_ID}:opened`,
    });
    expect(
      screen("issues.opened", (p) => (p.issue.title = "@helper why?")),
    ).toMatchObject({ kind: "candidate", source: "issue" });
  });

  it("lets through a new issue that mentions no one: the repository's `unasked:` may answer it", () => {
    expect(screen("issues.opened")).toStrictEqual({
      kind: "candidate",
      source: "issue",
      triggerId: `issue:${ISSUE_ID}:opened`,
    });
  });

  it("lets through a label that a mission claims, with the mission", () => {
    expect(screen("issues.labeled.triage")).toMatchObject({
      kind: "candidate",
      source: "labeled",
      mission: { name: "bug_triage" },
      triggerId: `issue:${ISSUE_ID}:mission:bug_triage:2019-05-15T15:20:18Z`,
    });
  });

  it.each<
    [string, WebhookFixture, ((p: TriggerPayload) => void) | undefined, string]
  >([
    [
      "a comment that mentions no one",
      "issue_comment.created",
      undefined,
      "no-mention",
    ],
    [
      "a mention only inside code",
      "issue_comment.created",
      (p) => (p.comment!.body = "run `@askcode why`"),
      "no-mention",
    ],
    [
      "an email address",
      "issue_comment.created",
      (p) => (p.comment!.body = "mail me@askcode.dev"),
      "no-mention",
    ],
    [
      "a reopened issue (it is not new: never answered unasked)",
      "issues.opened",
      (p) => (p.action = "reopened"),
      "unsupported-event",
    ],
    [
      "a transferred issue",
      "issues.opened",
      (p) => (p.action = "transferred"),
      "unsupported-event",
    ],
    ["an edit", "issue_comment.edited", undefined, "edited"],
    ["a deletion", "issue_comment.deleted", undefined, "deleted"],
    [
      "any bot, the app's own comment included (its slug is not known here)",
      "issue_comment.created.bot",
      undefined,
      "bot",
    ],
    [
      "a locked pull request",
      "issue_comment.created.mention",
      (p) => {
        p.issue.pull_request = {
          url: "https://api.github.com/repos/Codertocat/Hello-World/pulls/1",
        };
        p.issue.locked = true;
      },
      "locked",
    ],
    [
      "a locked issue",
      "issue_comment.created.mention",
      (p) => (p.issue.locked = true),
      "locked",
    ],
    [
      "a label no mission claims",
      "issues.labeled",
      undefined,
      "label-not-claimed",
    ],
    [
      "a mission label on a closed issue",
      "issues.labeled.triage",
      (p) => (p.issue.state = "closed"),
      "closed",
    ],
  ])("ignores %s", (_, name, change, reason) => {
    expect(screen(name, change)).toStrictEqual({
      kind: "ignore",
      reason,
      detail: expect.any(String),
    });
  });

  it("tells the app's own events from other bots' when it knows the slug", () => {
    const payload = loadWebhook("issue_comment.created.bot");
    expect(
      screenTrigger({
        event: "issue_comment",
        payload,
        missions,
        appSlug: "askcode",
      }),
    ).toMatchObject({ kind: "ignore", reason: "self" });
  });
});
