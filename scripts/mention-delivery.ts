import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

interface MentionPayload {
  comment: { id: number; body: string };
  issue: { number: number };
  repository: {
    name: string;
    owner: { login: string };
    html_url: string;
    url: string;
  };
}

// @octokit/webhooks-examples' issue_comment.created, its comment a mention.
const fixture = readFileSync(
  new URL(
    "../test/fixtures/webhooks/issue_comment.created.mention.json",
    import.meta.url,
  ),
  "utf8",
);
const example = JSON.parse(fixture) as MentionPayload;

/** The repository the example delivery is about: a stand-in serves it under this name. */
export const MENTION_REPOSITORY = {
  owner: example.repository.owner.login,
  repo: example.repository.name,
};

export interface MentionDelivery {
  headers: Record<string, string>;
  body: string;
}

/**
 * A webhook delivery as GitHub sends it (JSON body, event, delivery id and
 * HMAC-SHA256 signature headers) of the example mention, with the
 * repository's URLs at `origin` (a GitHub Enterprise stand-in: the API under
 * `/api/v3`), for POSTing to askcode's webhook path.
 *
 * @example
 * const { headers, body } = buildMentionDelivery({ origin: standIn.origin, secret });
 * await fetch(`${appUrl}/api/github/webhooks`, { method: "POST", headers, body });
 */
export function buildMentionDelivery(options: {
  origin: string;
  secret: string;
  /** Asked after `@askcode`; the example's own question when unset. */
  question?: string;
  /** Where the comment is and which it is (the example's issue 1 and comment when unset). */
  issueNumber?: number;
  commentId?: number;
  /** `X-GitHub-Delivery`; a fresh one when unset. */
  deliveryId?: string;
}): MentionDelivery {
  const payload = JSON.parse(fixture) as MentionPayload;
  const { owner, repo } = MENTION_REPOSITORY;
  if (options.question !== undefined)
    payload.comment.body = `@askcode ${options.question}`;
  if (options.issueNumber !== undefined)
    payload.issue.number = options.issueNumber;
  if (options.commentId !== undefined) payload.comment.id = options.commentId;
  payload.repository.html_url = `${options.origin}/${owner}/${repo}`;
  payload.repository.url = `${options.origin}/api/v3/repos/${owner}/${repo}`;
  return signedDelivery({
    event: "issue_comment",
    payload,
    secret: options.secret,
    deliveryId: options.deliveryId,
  });
}

/**
 * A delivery of `payload` as GitHub sends one: the JSON body with its event,
 * delivery id (a fresh one unless given) and HMAC-SHA256 signature headers.
 * https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries
 */
export function signedDelivery(options: {
  event: string;
  payload: object;
  secret: string;
  deliveryId?: string;
}): MentionDelivery {
  const body = JSON.stringify(options.payload);
  const signature = createHmac("sha256", options.secret)
    .update(body)
    .digest("hex");
  return {
    headers: {
      "content-type": "application/json",
      "x-github-event": options.event,
      "x-github-delivery": options.deliveryId ?? randomUUID(),
      "x-hub-signature-256": `sha256=${signature}`,
    },
    body,
  };
}
