import { readFileSync } from "node:fs";
import {
  MENTION_REPOSITORY,
  signedDelivery,
  type MentionDelivery,
} from "./mention-delivery.js";

// @octokit/webhooks-examples' push to the default branch (the example mention's repository).
const fixture = readFileSync(
  new URL("../test/fixtures/webhooks/push.json", import.meta.url),
  "utf8",
);

/**
 * A push delivery as GitHub sends it: one commit moving the default branch
 * (`main`, as the stand-in names it) from `before` to `after` and modifying
 * `modified`, with the repository's URLs at `origin` (a GitHub Enterprise
 * stand-in), signed with `secret`.
 *
 * @example
 * const { headers, body } = buildPushDelivery({ origin: standIn.origin, secret, before, after, modified: ["src/a.ts"] });
 * await fetch(`${appUrl}/api/github/webhooks`, { method: "POST", headers, body });
 */
export function buildPushDelivery(options: {
  origin: string;
  secret: string;
  before: string;
  after: string;
  modified: string[];
}): MentionDelivery {
  const payload = JSON.parse(fixture);
  const { owner, repo } = MENTION_REPOSITORY;
  payload.ref = "refs/heads/main";
  payload.before = options.before;
  payload.after = options.after;
  payload.created = false;
  payload.repository.default_branch = "main";
  payload.repository.html_url = `${options.origin}/${owner}/${repo}`;
  payload.repository.url = `${options.origin}/api/v3/repos/${owner}/${repo}`;
  payload.commits[0].id = options.after;
  payload.commits[0].added = [];
  payload.commits[0].modified = options.modified;
  payload.head_commit = payload.commits[0];
  return signedDelivery({ event: "push", payload, secret: options.secret });
}
