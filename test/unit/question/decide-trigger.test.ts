import { fileURLToPath } from "node:url";
import { parseRepoConfig } from "../../../src/config/parse-repo-config.js";
import type { RepoConfigInput } from "../../../src/config/repo-config-schema.js";
import { loadMissions } from "../../../src/missions/load-missions.js";
import type { Mission } from "../../../src/missions/mission-schema.js";
import { decideTrigger } from "../../../src/question/decide-trigger.js";
import type {
  IgnoreReason,
  TriggerDecision,
  TriggerPayload,
} from "../../../src/question/trigger-types.js";
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
const ISSUE_QUESTION =
  "Spelling error in the README file\n\nIt looks like you accidently spelled 'commit' with two 't's.";

function decide(
  event: "issue_comment" | "issues",
  payload: TriggerPayload,
  config: RepoConfigInput = {},
  extra: { defaultHandle?: string } = {},
): TriggerDecision {
  return decideTrigger({
    event,
    payload,
    appSlug: "askcode",
    config: parseRepoConfig(config).config,
    missions,
    ...extra,
  });
}

function fixture(
  name: WebhookFixture,
): ["issue_comment" | "issues", TriggerPayload] {
  return [
    name.startsWith("issue_comment") ? "issue_comment" : "issues",
    loadWebhook(name),
  ];
}

// Each case changes the real payload only where the comment says.
function comment(body: string): TriggerPayload {
  const payload = loadWebhook("issue_comment.created");
  payload.comment!.body = body;
  return payload;
}

describe("decideTrigger: questions", () => {
  it("answers a comment that mentions the app, with the words around the mention", () => {
    expect(decide(...fixture("issue_comment.created.mention"))).toStrictEqual({
      kind: "question",
      question: "where does the retry logic decide to give up?",
      source: "comment",
      questionFrom: "mention",
      triggerId: "comment:492700400",
      askerAssociation: "OWNER",
    });
  });

  it("answers a mention in a pull request's conversation as it would on an issue", () => {
    const [event, payload] = fixture("issue_comment.created.mention");
    // changed: issue_comment fires on pull requests too, with this marker
    payload.issue.pull_request = {
      url: "https://api.github.com/repos/Codertocat/Hello-World/pulls/1",
    };
    expect(decide(event, payload)).toMatchObject({
      kind: "question",
      question: "where does the retry logic decide to give up?",
      source: "comment",
    });
  });

  it("answers a new issue that mentions the app, from its title and body", () => {
    expect(decide(...fixture("issues.opened.mention"))).toStrictEqual({
      kind: "question",
      question:
        "Spelling error in the README file\n\nis the misspelling in the README also in the docs folder?",
      source: "issue",
      questionFrom: "mention",
      triggerId: `issue:${ISSUE_ID}:opened`,
      askerAssociation: "OWNER",
    });
  });

  it("answers a new issue whose title holds the mention", () => {
    const payload = loadWebhook("issues.opened");
    payload.issue.title = "@askcode where is the README built?"; // changed
    expect(decide("issues", payload)).toMatchObject({
      kind: "question",
      question:
        "where is the README built?\n\nIt looks like you accidently spelled 'commit' with two 't's.",
    });
  });

  it("asks the issue's title and body when the mention stands alone", () => {
    expect(decide("issue_comment", comment("cc @askcode"))).toStrictEqual({
      kind: "question",
      question: ISSUE_QUESTION,
      source: "comment",
      questionFrom: "issue",
      triggerId: "comment:492700400",
      askerAssociation: "OWNER",
    });
  });

  it("listens to the repository's handle, then the operator's, then the app's slug", () => {
    const helper = comment("@helper why?");
    expect(decide("issue_comment", helper, { handle: "Helper" })).toMatchObject(
      {
        kind: "question",
      },
    );
    expect(
      decide("issue_comment", comment("@askcode why?"), { handle: "helper" }),
    ).toMatchObject({ kind: "ignore", reason: "no-mention" });
    expect(
      decide("issue_comment", helper, {}, { defaultHandle: "helper" }),
    ).toMatchObject({ kind: "question" });
    expect(
      decide(
        "issue_comment",
        helper,
        { handle: "other" },
        { defaultHandle: "helper" },
      ),
    ).toMatchObject({ kind: "ignore", reason: "no-mention" });
  });

  it("answers a member where the repository answers no outsiders", () => {
    const payload = comment("@askcode why?");
    payload.comment!.author_association = "COLLABORATOR"; // changed
    expect(
      decide("issue_comment", payload, { outsiders: "none" }),
    ).toMatchObject({ kind: "question", question: "why?" });
  });

  it("answers a question on a closed issue: it was asked explicitly", () => {
    const [event, payload] = fixture("issue_comment.created.mention");
    payload.issue.state = "closed"; // changed
    expect(decide(event, payload)).toMatchObject({ kind: "question" });
  });
});

describe("decideTrigger: missions", () => {
  it("runs the mission that claims the label", () => {
    const decision = decide(...fixture("issues.labeled.triage"));
    expect(decision).toMatchObject({
      kind: "mission",
      mission: { name: "bug_triage" },
      triggerId: `issue:${ISSUE_ID}:mission:bug_triage:2019-05-15T15:20:18Z`,
    });
  });

  it("trusts a maintainer who labels someone else's issue, whoever wrote it", () => {
    const payload = loadWebhook("issues.labeled.triage");
    payload.sender.login = "maintainer"; // changed: not the issue's author
    payload.issue.author_association = "NONE"; // changed: an outsider wrote it
    expect(decide("issues", payload, { trigger: "members" })).toMatchObject({
      kind: "mission",
    });
  });

  it("runs an outsider's template label as theirs: their association decides the answer's form", () => {
    const payload = loadWebhook("issues.labeled.triage");
    payload.issue.author_association = "NONE"; // changed; the sender is the author
    expect(decide("issues", payload, { outsiders: "retrieval" })).toMatchObject(
      { kind: "mission", askerAssociation: "NONE" },
    );
  });

  it("runs a member's label on an outsider's issue as the member's, where outsiders get nothing", () => {
    const payload = loadWebhook("issues.labeled.triage");
    payload.sender.login = "maintainer"; // changed: not the issue's author
    payload.issue.author_association = "NONE"; // changed: an outsider wrote it
    expect(decide("issues", payload, { outsiders: "none" })).toMatchObject({
      kind: "mission",
      askerAssociation: "COLLABORATOR",
    });
  });

  it("runs a mission listed in missions.enabled", () => {
    expect(
      decide(...fixture("issues.labeled.triage"), {
        missions: { enabled: ["bug_triage"] },
      }),
    ).toMatchObject({ kind: "mission" });
  });
});

// Every reason askcode may give for doing nothing, each from a real payload.
const IGNORED: [IgnoreReason, string, () => TriggerDecision][] = [
  [
    "unsupported-event",
    "an issue closed",
    () => {
      const payload = loadWebhook("issues.opened");
      payload.action = "closed"; // changed
      return decide("issues", payload);
    },
  ],
  [
    "unsupported-event",
    "another event",
    () =>
      decideTrigger({
        event: "pull_request",
        payload: loadWebhook("issues.opened"),
        appSlug: "askcode",
        config: parseRepoConfig({}).config,
        missions,
      }),
  ],
  [
    "edited",
    "an edited comment",
    () => decide(...fixture("issue_comment.edited")),
  ],
  [
    "edited",
    "an edited issue that now mentions the app",
    () => {
      const payload = loadWebhook("issues.opened.mention");
      payload.action = "edited"; // changed
      return decide("issues", payload);
    },
  ],
  [
    "deleted",
    "a deleted comment",
    () => decide(...fixture("issue_comment.deleted")),
  ],
  [
    "self",
    "askcode's own comment",
    () => decide(...fixture("issue_comment.created.bot")),
  ],
  [
    "bot",
    "another app's comment",
    () => {
      const payload = comment("@askcode why?");
      payload.sender = { login: "github-actions[bot]", type: "Bot" }; // changed
      return decide("issue_comment", payload);
    },
  ],
  [
    "bot",
    "an account of type Bot",
    () => {
      const payload = comment("@askcode why?");
      payload.sender.type = "Bot"; // changed
      return decide("issue_comment", payload);
    },
  ],
  [
    "disabled",
    "a repository that switched askcode off",
    () =>
      decide(...fixture("issue_comment.created.mention"), { enabled: false }),
  ],
  [
    "locked",
    "a locked issue",
    () => {
      const payload = comment("@askcode why?");
      payload.issue.locked = true; // changed
      return decide("issue_comment", payload);
    },
  ],
  [
    "closed",
    "a mission label on a closed issue",
    () => {
      const payload = loadWebhook("issues.labeled.triage");
      payload.issue.state = "closed"; // changed
      return decide("issues", payload);
    },
  ],
  [
    "no-mention",
    "a comment",
    () => decide(...fixture("issue_comment.created")),
  ],
  ["no-mention", "a new issue", () => decide(...fixture("issues.opened"))],
  [
    "no-mention",
    "a mention inside code",
    () => decide("issue_comment", comment("try `@askcode why`")),
  ],
  [
    "not-a-question",
    "thanks after an answer",
    () => decide("issue_comment", comment("Thanks @askcode! 🙏")),
  ],
  [
    "not-a-question",
    "a new issue with nothing but the mention",
    () => {
      const payload = loadWebhook("issues.opened");
      payload.issue.title = "@askcode"; // changed
      payload.issue.body = null; // changed
      return decide("issues", payload);
    },
  ],
  [
    "association-not-allowed",
    "an outsider where only members may ask",
    () => {
      const payload = comment("@askcode why?");
      payload.comment!.author_association = "NONE"; // changed
      return decide("issue_comment", payload, { trigger: "members" });
    },
  ],
  [
    "association-not-allowed",
    "an outsider where the repository answers no outsiders",
    () => {
      const payload = comment("@askcode why?");
      payload.comment!.author_association = "CONTRIBUTOR"; // changed
      return decide("issue_comment", payload, { outsiders: "none" });
    },
  ],
  [
    "association-not-allowed",
    "an outsider's issue labelled by its template",
    () => {
      const payload = loadWebhook("issues.labeled.triage");
      payload.issue.author_association = "FIRST_TIMER"; // changed; the sender is the author
      return decide("issues", payload, { trigger: "members" });
    },
  ],
  [
    "association-not-allowed",
    "an outsider's issue labelled by its template where the repository answers no outsiders",
    () => {
      const payload = loadWebhook("issues.labeled.triage");
      payload.issue.author_association = "CONTRIBUTOR"; // changed; the sender is the author
      return decide("issues", payload, { outsiders: "none" });
    },
  ],
  [
    "missions-disabled",
    "missions switched off",
    () =>
      decide(...fixture("issues.labeled.triage"), {
        missions: { enabled: false },
      }),
  ],
  [
    "label-not-claimed",
    "a label no mission claims",
    () => decide(...fixture("issues.labeled")),
  ],
  [
    "mission-not-enabled",
    "a mission the repository did not enable",
    () =>
      decide(...fixture("issues.labeled.triage"), {
        missions: { enabled: ["code_exploration"] },
      }),
  ],
];

describe("decideTrigger: ignored", () => {
  it.each(IGNORED)("%s: %s", (reason, _, run) => {
    const decision = run();
    expect(decision).toStrictEqual({
      kind: "ignore",
      reason,
      detail: expect.any(String),
    });
  });

  it("has a case for every reason", () => {
    // A Record over the union: adding a reason fails the type check here.
    const all: Record<IgnoreReason, true> = {
      "unsupported-event": true,
      edited: true,
      deleted: true,
      self: true,
      bot: true,
      disabled: true,
      locked: true,
      closed: true,
      "no-mention": true,
      "not-a-question": true,
      "association-not-allowed": true,
      "missions-disabled": true,
      "label-not-claimed": true,
      "mission-not-enabled": true,
    };
    expect(new Set(IGNORED.map(([reason]) => reason))).toStrictEqual(
      new Set(Object.keys(all)),
    );
  });

  it("explains each decision for the log", () => {
    const outsider = comment("@askcode why?");
    outsider.comment!.author_association = "NONE"; // changed
    expect(
      [
        decide("issue_comment", outsider, { trigger: "members" }),
        decide(...fixture("issues.labeled")),
        decide(...fixture("issue_comment.edited")),
      ].map((decision) => (decision.kind === "ignore" ? decision.detail : "")),
    ).toStrictEqual([
      "author_association NONE is not in allowed_associations (OWNER, MEMBER, COLLABORATOR)",
      'no mission claims the label "bug"',
      "issue_comment.edited never triggers",
    ]);
  });
});
