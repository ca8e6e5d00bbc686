import { z } from "zod";
import type { PushFacts } from "../watch/push-facts.js";

/** Why a push is not the staleness watch's. */
export type PushIgnoreReason =
  | "not-default-branch"
  | "branch-created-or-deleted"
  | "no-installation"
  | "incomplete-payload";

// A push webhook lists every pushed commit up to this many, and up to this
// many changed paths per commit; at either limit, the lists may be short.
// (The documented limit of 20 commits is the timeline events', "not
// applied to webhook deliveries".)
// https://docs.github.com/en/webhooks/webhook-events-and-payloads#push
const MAX_LISTED_COMMITS = 2048;
const MAX_LISTED_PATHS = 3000;
const NO_COMMIT = /^0{40}$/;

const paths = z
  .array(z.string())
  .nullish()
  .transform((list) => list ?? []);

const pushSchema = z.object({
  ref: z.string(),
  before: z.string(),
  after: z.string(),
  forced: z.boolean().nullish(),
  deleted: z.boolean().nullish(),
  created: z.boolean().nullish(),
  installation: z.object({ id: z.number() }),
  repository: z.object({
    id: z.number(),
    name: z.string(),
    owner: z.object({ login: z.string() }),
    html_url: z.string(),
    default_branch: z.string(),
  }),
  commits: z
    .array(
      z.object({
        id: z.string(),
        added: paths,
        removed: paths,
        modified: paths,
      }),
    )
    .nullish(),
});

/**
 * Reads a `push` delivery for the staleness watch: a push to the
 * repository's default branch that moved it from one commit to another,
 * with every path its commits changed (undefined when the payload may not
 * list them all, or the push was forced and dropped commits it lists
 * nowhere). Any other push (a tag, another branch, a branch created
 * or deleted) and a payload without what the watch needs are ignored, with
 * the reason; nothing here throws.
 *
 * @example
 * parsePushDelivery(payload, "72d3162e-…") // a push of one commit to main changing src/retry.ts
 * // { kind: "push", push: { installationId: 1, repositoryId: 186853002, owner: "Codertocat", repo: "Hello-World", before: "9a0b1c2…", head: "6113728…", forced: false, changedPaths: Set { "src/retry.ts" }, … } }
 */
export function parsePushDelivery(
  payload: unknown,
  deliveryId: string,
):
  | { kind: "push"; push: PushFacts }
  | { kind: "ignored"; reason: PushIgnoreReason; detail: string } {
  const parsed = pushSchema.safeParse(payload);
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path.map(String) ?? [];
    return path[0] === "installation"
      ? {
          kind: "ignored",
          reason: "no-installation",
          detail:
            "the push names no installation (a repository webhook, not the app's)",
        }
      : {
          kind: "ignored",
          reason: "incomplete-payload",
          detail: `the push has no usable ${path.join(".") || "payload"}`,
        };
  }
  const push = parsed.data;
  const branch = push.repository.default_branch;
  if (push.ref !== `refs/heads/${branch}`)
    return {
      kind: "ignored",
      reason: "not-default-branch",
      detail: `the push is to ${push.ref}, not the default branch ${branch}`,
    };
  if (push.deleted || push.created || NO_COMMIT.test(push.after))
    return {
      kind: "ignored",
      reason: "branch-created-or-deleted",
      detail: "the push created or deleted the default branch",
    };
  const forced = push.forced === true;
  const commits = (push.commits ?? []).map((c) => {
    const changed = [...c.added, ...c.removed, ...c.modified];
    return {
      sha: c.id,
      paths: changed,
      cut: changed.length >= MAX_LISTED_PATHS,
    };
  });
  const followsBefore =
    !forced && !!push.commits && commits.length < MAX_LISTED_COMMITS;
  const listed = followsBefore && commits.every((c) => !c.cut);
  return {
    kind: "push",
    push: {
      deliveryId,
      installationId: push.installation.id,
      repositoryId: push.repository.id,
      owner: push.repository.owner.login,
      repo: push.repository.name,
      htmlUrl: push.repository.html_url,
      before: push.before,
      head: push.after,
      forced,
      ...(listed && {
        changedPaths: new Set(commits.flatMap((c) => c.paths)),
      }),
      commits,
      followsBefore,
    },
  };
}
