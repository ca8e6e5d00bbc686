import { parseRepoConfig } from "../../../src/config/parse-repo-config.js";
import type { RepoConfigInput } from "../../../src/config/repo-config-schema.js";
import { decideTrigger } from "../../../src/question/decide-trigger.js";
import type { TriggerPayload } from "../../../src/question/trigger-types.js";
import { discussionTrigger } from "../../../src/webhooks/discussion-trigger.js";
import {
  loadDiscussionWebhook,
  loadWebhook,
} from "../webhooks/webhook-fixture.js";

const ISSUE_QUESTION =
  "Spelling error in the README file\n\nIt looks like you accidently spelled 'commit' with two 't's.";

function decide(
  event: "issues" | "discussion",
  payload: TriggerPayload,
  config: RepoConfigInput,
) {
  return decideTrigger({
    event,
    payload,
    appSlug: "askcode",
    config: parseRepoConfig(config).config,
    missions: [],
  });
}

// The example's new issue (labelled `bug`, by its owner), mentioning no one.
const opened = () => loadWebhook("issues.opened");

// The example's new discussion in General (slug `general`), its mention taken out.
function discussion(): TriggerPayload {
  const payload = loadDiscussionWebhook("discussion.created.mention");
  payload.discussion.body = "Where is the welcome message defined?"; // changed: no mention
  return discussionTrigger(payload);
}

describe("decideTrigger: answering unasked", () => {
  it("stays out of a new issue by default, as before `unasked:` existed", () => {
    expect(decide("issues", opened(), {})).toStrictEqual({
      kind: "ignore",
      reason: "no-mention",
      detail: "the issue does not mention @askcode, and unasked.issues is none",
    });
  });

  it("takes a new issue as an unasked question under `issues: all`, or with a label it names", () => {
    const unasked = {
      kind: "question",
      question: ISSUE_QUESTION,
      source: "issue",
      questionFrom: "issue",
      triggerId: "issue:444500041:opened",
      askerAssociation: "OWNER",
      unasked: true,
    };
    expect(
      decide("issues", opened(), { unasked: { issues: "all" } }),
    ).toStrictEqual(unasked);
    expect(
      decide("issues", opened(), { unasked: { issues: ["question", "BUG"] } }),
    ).toStrictEqual(unasked);
    expect(
      decide("issues", opened(), { unasked: { issues: ["question"] } }),
    ).toMatchObject({
      kind: "ignore",
      reason: "no-mention",
      detail: expect.stringContaining(
        "opened with none of the labels unasked.issues names (question)",
      ),
    });
  });

  it("leaves a new issue that mentions askcode to the mention: never both", () => {
    const decision = decide("issues", loadWebhook("issues.opened.mention"), {
      unasked: { issues: "all" },
    });
    expect(decision).toMatchObject({
      kind: "question",
      questionFrom: "mention",
    });
    expect(decision).not.toHaveProperty("unasked");
  });

  it("holds the issue's author to who may ask and to `outsiders`", () => {
    const outsider = opened();
    outsider.issue.author_association = "NONE"; // changed
    expect(
      decide("issues", outsider, {
        unasked: { issues: "all" },
        outsiders: "none",
      }),
    ).toMatchObject({ kind: "ignore", reason: "association-not-allowed" });
    expect(
      decide("issues", outsider, {
        unasked: { issues: "all" },
        trigger: "members",
      }),
    ).toMatchObject({ kind: "ignore", reason: "association-not-allowed" });
    expect(
      decide("issues", outsider, { unasked: { issues: "all" } }),
    ).toMatchObject({
      kind: "question",
      unasked: true,
      askerAssociation: "NONE",
    });
  });

  it("never answers an edit, a bot's issue, nor a repository that turned askcode off", () => {
    const edited = opened();
    edited.action = "edited"; // changed
    expect(
      decide("issues", edited, { unasked: { issues: "all" } }),
    ).toMatchObject({ kind: "ignore", reason: "edited" });
    const byBot = opened();
    byBot.sender = { login: "dependabot[bot]", type: "Bot" }; // changed
    expect(
      decide("issues", byBot, { unasked: { issues: "all" } }),
    ).toMatchObject({ kind: "ignore", reason: "bot" });
    expect(
      decide("issues", opened(), {
        enabled: false,
        unasked: { issues: "all" },
      }),
    ).toMatchObject({ kind: "ignore", reason: "disabled" });
  });

  it("takes a new discussion in a category named by name or slug, and leaves the others", () => {
    for (const category of ["General", "general"])
      expect(
        decide("discussion", discussion(), {
          unasked: { discussions: [category] },
        }),
      ).toMatchObject({
        kind: "question",
        question: "TEST edit\n\nWhere is the welcome message defined?",
        unasked: true,
        triggerId: "discussion:MDEwOkRpc2N1c3Npb24zMjk5NjE0",
      });
    expect(
      decide("discussion", discussion(), { unasked: { discussions: ["Q&A"] } }),
    ).toMatchObject({
      kind: "ignore",
      reason: "no-mention",
      detail: expect.stringContaining(
        "its category General is not in unasked.discussions (Q&A)",
      ),
    });
    expect(
      decide("discussion", discussion(), { unasked: { issues: "all" } }),
    ).toMatchObject({ kind: "ignore", reason: "no-mention" });
  });
});

// The example's comment on issue #1 (opened by Codertocat), asking `/dismiss`.
function dismissal(by: { login: string; association: string }): TriggerPayload {
  const payload = loadWebhook("issue_comment.created");
  payload.comment!.body = "@askcode /dismiss"; // changed
  payload.comment!.author_association = by.association; // changed
  payload.sender.login = by.login; // changed
  return payload;
}

describe("decideTrigger: `/dismiss`", () => {
  it.each([
    ["the issue's author, outside the repository", "Codertocat", "NONE", true],
    ["a collaborator", "maintainer", "COLLABORATOR", true],
    ["anyone else", "stranger", "CONTRIBUTOR", false],
  ])("from %s: allowed %s", (_who, login, association, allowed) => {
    expect(
      decideTrigger({
        event: "issue_comment",
        payload: dismissal({ login, association }),
        appSlug: "askcode",
        config: parseRepoConfig({}).config,
        missions: [],
      }),
    ).toStrictEqual({
      kind: "dismiss",
      source: "comment",
      triggerId: "comment:492700400",
      askerAssociation: association,
      allowed,
    });
  });
});
