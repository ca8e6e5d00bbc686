import { fileURLToPath } from "node:url";
import { parseRepoConfig } from "../../../src/config/parse-repo-config.js";
import type { RepoConfigInput } from "../../../src/config/repo-config-schema.js";
import { loadMissions } from "../../../src/missions/load-missions.js";
import type { Mission } from "../../../src/missions/mission-schema.js";
import { decideTrigger } from "../../../src/question/decide-trigger.js";
import { discussionTrigger } from "../../../src/webhooks/discussion-trigger.js";
import { screenTrigger } from "../../../src/question/screen-trigger.js";
import { loadDiscussionWebhook } from "./webhook-fixture.js";

const DISCUSSION_NODE = "MDEwOkRpc2N1c3Npb24zMjk5NjE0"; // the examples' discussion #4
const COMMENT_ID = 550062; // the example's discussion comment
const COMMENT_NODE = "MDE3OkRpc2N1c3Npb25Db21tZW50NTUwMDYy";
const QUESTION = "where is the welcome message defined?";

let missions: Mission[];
beforeAll(async () => {
  missions = await loadMissions(
    fileURLToPath(new URL("../../../missions/", import.meta.url)),
  );
});

type Fixture = Parameters<typeof loadDiscussionWebhook>[0];
const decide = (
  fixture: Fixture,
  change?: (p: ReturnType<typeof loadDiscussionWebhook>) => void,
  config?: RepoConfigInput,
) => {
  const payload = loadDiscussionWebhook(fixture);
  change?.(payload);
  return decideTrigger({
    event: fixture.split(".")[0]!,
    payload: discussionTrigger(payload),
    appSlug: "askcode",
    config: parseRepoConfig(config, {
      missionNames: missions.map((m) => m.name),
    }).config,
    missions,
  });
};

describe("discussionTrigger", () => {
  it("puts a comment's discussion in the issue's place and keeps the GraphQL handles to reply there", () => {
    expect(
      discussionTrigger(
        loadDiscussionWebhook("discussion_comment.created.mention"),
      ),
    ).toStrictEqual({
      action: "created",
      sender: { login: "Codertocat", type: "User" },
      issue: {
        id: 3299614,
        title: "TEST edit",
        body: "TEST edit",
        locked: false,
        state: "open",
        author_association: "OWNER",
        user: { login: "Codertocat" },
        updated_at: "2021-03-30T20:26:24Z",
      },
      comment: {
        id: COMMENT_ID,
        body: `@askcode ${QUESTION}`,
        author_association: "OWNER",
      },
      discussion: {
        number: 4,
        nodeId: DISCUSSION_NODE,
        category: "General",
        categorySlug: "general",
        comment: { nodeId: COMMENT_NODE },
      },
    });
  });

  it("keeps a reply's top-level comment, and no comment for a new discussion", () => {
    const payload = loadDiscussionWebhook("discussion_comment.created.mention");
    payload.comment!.parent_id = 544078; // changed: a reply in a thread
    expect(discussionTrigger(payload).discussion?.comment).toStrictEqual({
      nodeId: COMMENT_NODE,
      parentId: 544078,
    });
    const opened = discussionTrigger(
      loadDiscussionWebhook("discussion.created.mention"),
    );
    expect(opened.comment).toBeUndefined();
    expect(opened.discussion).toStrictEqual({
      number: 4,
      nodeId: DISCUSSION_NODE,
      category: "General",
      categorySlug: "general",
    });
  });
});

describe("a discussion, screened and decided", () => {
  it("answers a mention in a comment, with an id apart from issue comments'", () => {
    expect(decide("discussion_comment.created.mention")).toStrictEqual({
      kind: "question",
      question: QUESTION,
      source: "comment",
      questionFrom: "mention",
      triggerId: `discussion-comment:${COMMENT_ID}`,
      askerAssociation: "OWNER",
    });
  });

  it("answers a mention in a new discussion (its title and post, as a new issue's), once per discussion", () => {
    expect(decide("discussion.created.mention")).toStrictEqual({
      kind: "question",
      question: `TEST edit\n\n${QUESTION}`,
      source: "issue",
      questionFrom: "mention",
      triggerId: `discussion:${DISCUSSION_NODE}`,
      askerAssociation: "OWNER",
    });
  });

  it("runs the mission a label claims, apart from an issue's", () => {
    expect(decide("discussion.labeled.triage")).toMatchObject({
      kind: "mission",
      mission: { name: "bug_triage" },
      triggerId: `discussion:${DISCUSSION_NODE}:mission:bug_triage:2021-03-30T20:26:24Z`,
    });
  });

  it("holds an outsider's category-form label to `outsiders` as a mention: none runs nothing, retrieval runs it as theirs", () => {
    // changed: an outsider opened the discussion, and its category form's
    // label came as theirs (the sender is the author)
    const outsider = (p: ReturnType<typeof loadDiscussionWebhook>) => {
      p.discussion.author_association = "NONE";
    };
    expect(
      decide("discussion.labeled.triage", outsider, { outsiders: "none" }),
    ).toStrictEqual({
      kind: "ignore",
      reason: "association-not-allowed",
      detail:
        "the discussion's author applied the label (a template's): author_association NONE is outside the repository, and outsiders is none",
    });
    expect(
      decide("discussion.labeled.triage", outsider, { outsiders: "retrieval" }),
    ).toMatchObject({ kind: "mission", askerAssociation: "NONE" });
  });

  it("runs a member's label on an outsider's discussion as the member's, where outsiders get nothing", () => {
    expect(
      decide(
        "discussion.labeled.triage",
        (p) => {
          p.discussion.author_association = "NONE"; // changed: an outsider wrote it
          p.sender.login = "maintainer"; // changed: someone else labelled it
        },
        { outsiders: "none" },
      ),
    ).toMatchObject({ kind: "mission", askerAssociation: "COLLABORATOR" });
  });

  it("never answers an edit, a deletion, a bot or a comment that mentions no one", () => {
    expect(decide("discussion_comment.edited.mention")).toMatchObject({
      kind: "ignore",
      reason: "edited",
    });
    expect(decide("discussion.edited.mention")).toMatchObject({
      kind: "ignore",
      reason: "edited",
    });
    expect(decide("discussion_comment.deleted")).toMatchObject({
      kind: "ignore",
      reason: "deleted",
    });
    expect(decide("discussion_comment.created.bot")).toMatchObject({
      kind: "ignore",
      reason: "self",
    });
    expect(decide("discussion_comment.created")).toMatchObject({
      kind: "ignore",
      reason: "no-mention",
    });
  });

  it("is ignored on a locked discussion before the config is read", () => {
    const payload = discussionTrigger(
      loadDiscussionWebhook("discussion_comment.created.mention"),
    );
    payload.issue.locked = true; // changed: the discussion was locked
    expect(
      screenTrigger({ event: "discussion_comment", payload, missions: [] }),
    ).toStrictEqual({
      kind: "ignore",
      reason: "locked",
      detail: "the discussion is locked",
    });
  });
});
