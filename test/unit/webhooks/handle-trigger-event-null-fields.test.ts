import { fileURLToPath } from "node:url";
import { z } from "zod";
import { loadMissions } from "../../../src/missions/load-missions.js";
import type { Mission } from "../../../src/missions/mission-schema.js";
import type { TriggerPayload } from "../../../src/question/trigger-types.js";
import { createTriggerHandler } from "../../../src/webhooks/handle-trigger-event.js";
import type { DeliveryIgnoreReason } from "../../../src/webhooks/read-trigger-job.js";
import { triggerDeliverySchemas } from "../../../src/webhooks/trigger-delivery-schema.js";
import type { WebhookFixture } from "./webhook-fixture.js";
import { delivery, recordingQueue } from "./trigger-delivery.js";

// Every payload field askcode reads, for each event it handles, set to null
// and left out in turn, starting from a real delivery that asks something.
// GitHub sends null where its own schema says a string (`comment.body` of a
// comment saved with no text): whatever comes, the handler answers (so the
// delivery gets 200, never a 500 GitHub would redeliver), and either queues
// the question with the field read as the schema documents, or queues
// nothing and logs and counts why.

/** What the handler does with the delivery once the field is null or gone. */
type Outcome =
  | { ignored: DeliveryIgnoreReason }
  | { reads: (facts: TriggerPayload) => unknown; as: unknown };

const ignored = (reason: DeliveryIgnoreReason): Outcome => ({
  ignored: reason,
});
const queued = (reads: (facts: TriggerPayload) => unknown, as: unknown) => ({
  reads,
  as,
});

const ENVELOPE: Record<string, Outcome> = {
  // An action askcode cannot name is none it acts on.
  action: ignored("unsupported-event"),
  sender: ignored("no-sender"),
  "sender.login": ignored("no-sender"),
  "sender.type": ignored("no-sender"),
  installation: ignored("no-installation"),
  "installation.id": ignored("no-installation"),
  repository: ignored("incomplete-payload"),
  "repository.id": ignored("incomplete-payload"),
  "repository.name": ignored("incomplete-payload"),
  "repository.owner": ignored("incomplete-payload"),
  "repository.owner.login": ignored("incomplete-payload"),
  "repository.html_url": ignored("incomplete-payload"),
};

/**
 * An issue's fields (or a pull request's, or a discussion's, under `at`),
 * where its text holds no mention. Text that is not there is none; an
 * unknown association is the least trust; an unknown author is GitHub's
 * ghost (null), as a deleted account's issue has.
 */
function subject(at: string): Record<string, Outcome> {
  return {
    [at]: ignored("incomplete-payload"),
    [`${at}.id`]: ignored("incomplete-payload"),
    [`${at}.number`]: ignored("incomplete-payload"),
    [`${at}.title`]: queued((p) => p.issue.title, ""),
    [`${at}.body`]: queued((p) => p.issue.body, null),
    [`${at}.locked`]: queued((p) => p.issue.locked, undefined),
    [`${at}.state`]: queued((p) => p.issue.state, undefined),
    [`${at}.author_association`]: queued(
      (p) => p.issue.author_association,
      "NONE",
    ),
    [`${at}.user`]: queued((p) => p.issue.user, null),
    [`${at}.user.login`]: ignored("incomplete-payload"),
    [`${at}.updated_at`]: queued((p) => p.issue.updated_at, undefined),
    // No labels: the issue was opened with none.
    [`${at}.labels`]: queued((p) => p.issue.labels, undefined),
  };
}

const PULL_REQUEST_MARKER: Record<string, Outcome> = {
  // Only its presence marks a pull request: none, and the issue is an issue.
  "issue.pull_request": queued((p) => p.issue.pull_request, undefined),
};

const DISCUSSION: Record<string, Outcome> = {
  ...subject("discussion"),
  "discussion.node_id": ignored("incomplete-payload"),
  "discussion.category": queued((p) => p.discussion?.category, ""),
  "discussion.category.name": queued((p) => p.discussion?.category, ""),
  "discussion.category.slug": queued(
    (p) => p.discussion?.categorySlug,
    undefined,
  ),
};

const COMMENT: Record<string, Outcome> = {
  comment: ignored("incomplete-payload"),
  "comment.id": ignored("incomplete-payload"),
  // A comment with no text mentions no one.
  "comment.body": ignored("no-mention"),
  "comment.author_association": queued(
    (p) => p.comment?.author_association,
    "NONE",
  ),
};

// A new issue or discussion has no label (the labeled cases read its name).
const NO_LABEL: Record<string, Outcome> = {
  label: queued((p) => p.label, undefined),
};

const LABELED: Record<string, Outcome> = {
  label: ignored("unsupported-event"),
  "label.name": ignored("incomplete-payload"),
};

/** For each event askcode handles: a delivery that asks, and what each field's absence does to it. */
const EVENTS: Record<
  keyof typeof triggerDeliverySchemas,
  Array<[WebhookFixture, Record<string, Outcome>]>
> = {
  issue_comment: [
    [
      "issue_comment.created.mention",
      {
        ...ENVELOPE,
        ...subject("issue"),
        ...PULL_REQUEST_MARKER,
        ...COMMENT,
      },
    ],
  ],
  issues: [
    [
      "issues.opened.mention",
      {
        ...ENVELOPE,
        ...subject("issue"),
        ...PULL_REQUEST_MARKER,
        // Without its body the issue mentions no one, and is queued all
        // the same: the repository's `unasked:` may answer it.
        ...NO_LABEL,
      },
    ],
    [
      "issues.labeled.triage",
      {
        ...ENVELOPE,
        ...subject("issue"),
        ...PULL_REQUEST_MARKER,
        ...LABELED,
      },
    ],
  ],
  pull_request_review_comment: [
    [
      "pull_request_review_comment.created.mention",
      {
        ...ENVELOPE,
        ...subject("pull_request"),
        ...COMMENT,
        "comment.path": ignored("incomplete-payload"),
        "comment.diff_hunk": ignored("incomplete-payload"),
        "comment.commit_id": ignored("incomplete-payload"),
        // GitHub's readings: an outdated comment has no line; RIGHT is its default side.
        "comment.line": queued((p) => p.reviewComment?.line, null),
        "comment.side": queued((p) => p.reviewComment?.side, "RIGHT"),
        "comment.in_reply_to_id": queued(
          (p) => p.reviewComment?.inReplyTo,
          undefined,
        ),
      },
    ],
  ],
  discussion: [
    [
      "discussion.created.mention",
      {
        ...ENVELOPE,
        ...DISCUSSION,
        ...NO_LABEL,
      },
    ],
    ["discussion.labeled.triage", { ...ENVELOPE, ...DISCUSSION, ...LABELED }],
  ],
  discussion_comment: [
    [
      "discussion_comment.created.mention",
      {
        ...ENVELOPE,
        ...DISCUSSION,
        ...COMMENT,
        "comment.node_id": ignored("incomplete-payload"),
        // A top-level comment has no parent to reply under.
        "comment.parent_id": queued(
          (p) => p.discussion?.comment?.parentId,
          undefined,
        ),
      },
    ],
  ],
};

/** Every field path a schema reads: objects and what is in them. */
function fieldPaths(schema: z.ZodType, prefix = ""): string[] {
  if (schema instanceof z.ZodPipe)
    return fieldPaths(schema.in as z.ZodType, prefix);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return fieldPaths(schema.unwrap() as z.ZodType, prefix);
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape).flatMap(([key, field]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...fieldPaths(field as z.ZodType, path)];
  });
}

function change(
  payload: Record<string, unknown>,
  path: string,
  how: "null" | "absent",
): void {
  const keys = path.split(".");
  const last = keys.pop()!;
  let node = payload;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (how === "null") node[last] = null;
  else delete node[last];
}

let missions: Mission[];
beforeAll(async () => {
  missions = await loadMissions(
    fileURLToPath(new URL("../../../missions/", import.meta.url)),
  );
});

const CASES = Object.values(EVENTS).flatMap((fixtures) =>
  fixtures.flatMap(([fixture, outcomes]) =>
    Object.entries(outcomes).flatMap(([path, outcome]) =>
      (["null", "absent"] as const).map(
        (how) => [fixture, path, how, outcome] as const,
      ),
    ),
  ),
);

describe("a trigger delivery with a field null or absent", () => {
  it.each(Object.entries(EVENTS))(
    "%s: the table covers every field the schema reads",
    (event, fixtures) => {
      const covered = new Set(
        fixtures.flatMap(([, outcomes]) => Object.keys(outcomes)),
      );
      expect([...covered].sort()).toStrictEqual(
        fieldPaths(triggerDeliverySchemas[event as keyof typeof EVENTS]).sort(),
      );
    },
  );

  it("queues every fixture as it is (the baseline each case changes)", async () => {
    for (const fixtures of Object.values(EVENTS))
      for (const [fixture] of fixtures) {
        const { queue, jobs } = recordingQueue();
        const handle = createTriggerHandler({
          queue,
          missions,
          now: () => new Date("2024-01-01T00:00:00Z"),
        });
        await handle(delivery("d-1", fixture).context);
        expect([fixture, jobs.length]).toStrictEqual([fixture, 1]);
      }
  });

  it.each(CASES)(
    "%s with %s %s: answers, and queues or ignores as the field's reading says",
    async (fixture, path, how, outcome) => {
      const { queue, jobs } = recordingQueue();
      const reasons: string[] = [];
      const handle = createTriggerHandler({
        queue,
        missions,
        now: () => new Date("2024-01-01T00:00:00Z"),
        metrics: { received: () => {}, ignored: (r) => reasons.push(r) },
      });
      const { context, payload, lines } = delivery("d-1", fixture);
      change(payload, path, how);

      await expect(handle(context)).resolves.toBeUndefined();

      if ("ignored" in outcome) {
        expect(jobs).toStrictEqual([]);
        expect(reasons).toStrictEqual([outcome.ignored]);
        expect(lines).toStrictEqual([
          {
            meta: { reason: outcome.ignored },
            message: expect.stringMatching(/^askcode ignores this event: ./),
          },
        ]);
        return;
      }
      expect(reasons).toStrictEqual([]);
      expect(jobs).toHaveLength(1);
      const job = jobs[0]!;
      expect(outcome.reads(job.payload)).toStrictEqual(outcome.as);
      // What a shared queue would store reads the same after JSON.
      expect(JSON.parse(JSON.stringify(job))).toStrictEqual(job);
    },
  );
});
