import { readFileSync } from "node:fs";
import { loadWebhook, type WebhookFixture } from "./webhook-fixture.js";

interface ExampleEvent {
  name: string;
  examples: Record<string, unknown>[];
}

const index = JSON.parse(
  readFileSync(
    new URL(
      "../../../node_modules/@octokit/webhooks-examples/api.github.com/index.json",
      import.meta.url,
    ),
    "utf8",
  ),
) as ExampleEvent[];

function example(event: string, i: number): Record<string, unknown> {
  const found = index.find((e) => e.name === event)?.examples[i];
  if (!found) throw new Error(`no example ${event}[${i}]`);
  return structuredClone(found);
}

function set(
  target: Record<string, unknown>,
  path: string,
  value: unknown,
): void {
  const keys = path.split(".");
  const last = keys.pop() as string;
  let node = target;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  node[last] = value;
}

// Each fixture is its example with exactly the changes README.md lists:
// applying those changes to the example from the installed package must
// give the fixture, byte for byte in value.
const FIXTURES: [WebhookFixture, string, number, [string, unknown][]][] = [
  ["issue_comment.created", "issue_comment", 3, []],
  ["push", "push", 4, []],
  ["issue_comment.edited", "issue_comment", 7, []],
  ["issue_comment.deleted", "issue_comment", 5, []],
  ["issues.opened", "issues", 15, []],
  ["issues.labeled", "issues", 9, []],
  [
    "issue_comment.created.mention",
    "issue_comment",
    3,
    [
      [
        "comment.body",
        "@askcode where does the retry logic decide to give up?",
      ],
    ],
  ],
  [
    "issue_comment.created.bot",
    "issue_comment",
    3,
    [
      [
        "comment.body",
        "@askcode where does the retry logic decide to give up?",
      ],
      ["sender.login", "askcode[bot]"],
      ["sender.type", "Bot"],
      ["comment.user.login", "askcode[bot]"],
      ["comment.user.type", "Bot"],
    ],
  ],
  [
    "issues.opened.mention",
    "issues",
    15,
    [
      [
        "issue.body",
        "@askcode is the misspelling in the README also in the docs folder?",
      ],
    ],
  ],
  ["issues.labeled.triage", "issues", 9, [["label.name", "askcode: triage"]]],
  ["pull_request_review_comment.created", "pull_request_review_comment", 1, []],
  [
    "pull_request_review_comment.created.mention",
    "pull_request_review_comment",
    1,
    [["comment.body", "@askcode why is this heading changed here?"]],
  ],
  [
    "pull_request_review_comment.created.bot",
    "pull_request_review_comment",
    1,
    [
      ["comment.body", "@askcode why is this heading changed here?"],
      ["sender.login", "askcode[bot]"],
      ["sender.type", "Bot"],
      ["comment.user.login", "askcode[bot]"],
      ["comment.user.type", "Bot"],
    ],
  ],
  [
    "pull_request_review_comment.edited.mention",
    "pull_request_review_comment",
    4,
    [["comment.body", "@askcode why is this heading changed here?"]],
  ],
  ["pull_request_review_comment.deleted", "pull_request_review_comment", 3, []],
  ["discussion_comment.created", "discussion_comment", 1, []],
  [
    "discussion_comment.created.mention",
    "discussion_comment",
    1,
    [["comment.body", "@askcode where is the welcome message defined?"]],
  ],
  [
    "discussion_comment.created.bot",
    "discussion_comment",
    1,
    [
      ["comment.body", "@askcode where is the welcome message defined?"],
      ["sender.login", "askcode[bot]"],
      ["sender.type", "Bot"],
      ["comment.user.login", "askcode[bot]"],
      ["comment.user.type", "Bot"],
    ],
  ],
  [
    "discussion_comment.edited.mention",
    "discussion_comment",
    3,
    [["comment.body", "@askcode where is the welcome message defined?"]],
  ],
  ["discussion_comment.deleted", "discussion_comment", 2, []],
  [
    "discussion.created.mention",
    "discussion",
    3,
    [["discussion.body", "@askcode where is the welcome message defined?"]],
  ],
  [
    "discussion.edited.mention",
    "discussion",
    4,
    [["discussion.body", "@askcode where is the welcome message defined?"]],
  ],
  [
    "discussion.labeled.triage",
    "discussion",
    6,
    [["label.name", "askcode: triage"]],
  ],
];

describe("webhook fixtures", () => {
  it.each(FIXTURES)(
    "%s is @octokit/webhooks-examples %s[%i] with only the listed changes",
    (name, event, i, changes) => {
      const expected = example(event, i);
      for (const [path, value] of changes) set(expected, path, value);
      expect(loadWebhook(name)).toStrictEqual(expected);
    },
  );
});
